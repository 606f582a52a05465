import type { Dispatcher } from 'undici'
import type { Evidence } from '../../../shared/bridge/evidenceSchema'
import type { ResolvedEnvironment } from '../environments/environmentService'
import { createApiDispatcher, sendAttempt } from './apiAttempt'
import { buildEvidence } from './apiEvidence'
import { classifyAttempt } from './classifyAttempt'
import { sendWithRetries } from './retryLoop'
import { defaultRetryPolicy, type RetryPolicy } from './retryPolicy'

export interface ApiRequest {
  method: 'GET' | 'POST'
  /** Path below the base URL, one of `apiPaths` (src/shared/api). */
  path: string
  query?: Record<string, string | number>
  body?: unknown
  signal?: AbortSignal
  /** Once it may have reached the service, never sent again automatically (billed or queued checks). */
  atMostOnce?: boolean
  /** Said in the message when the outcome is unknown: the user may have been charged. */
  billed?: boolean
}

export interface ApiSuccess {
  status: number
  data: unknown
  links: unknown[]
  evidence: Evidence
}

export interface ApiClient {
  send(environment: ResolvedEnvironment, request: ApiRequest): Promise<ApiSuccess>
}

export interface ApiClientOptions {
  /** Time to open the connection. */
  connectTimeoutMs?: number
  /** Time for one attempt, from sending to the last byte of the answer. */
  timeoutMs?: number
  retry?: RetryPolicy
}

/**
 * One client for every environment, as a pipeline: one attempt on the wire, a pure classifier of
 * what came back, the retry loop, and the evidence of the answer that was kept.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const timeoutMs = options.timeoutMs ?? 20_000
  const policy = options.retry ?? defaultRetryPolicy
  const dispatcher: Dispatcher = createApiDispatcher(options.connectTimeoutMs ?? 5_000)

  return {
    async send(environment, request) {
      const url = new URL(request.path, environment.baseUrl)
      for (const [name, value] of Object.entries(request.query ?? {}))
        url.searchParams.set(name, String(value))
      const context = {
        label: environment.label,
        baseUrl: environment.baseUrl,
        atMostOnce: request.atMostOnce ?? false,
        billed: request.billed ?? false,
      }
      const startedAt = new Date()
      const started = performance.now()
      const delivered = await sendWithRetries({
        attempt: () =>
          sendAttempt(dispatcher, {
            method: request.method,
            url,
            secretKey: environment.secretKey,
            body: request.body,
            signal: request.signal,
            timeoutMs,
          }),
        classify: (result) => classifyAttempt(result, context),
        policy,
        signal: request.signal,
      })
      return {
        status: delivered.answer.status,
        data: delivered.data,
        links: delivered.links,
        evidence: buildEvidence({
          environment,
          request: { method: request.method, url, body: request.body },
          answer: delivered.answer,
          startedAt,
          durationMs: performance.now() - started,
          attempts: delivered.attempts,
        }),
      }
    },
  }
}
