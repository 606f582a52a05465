import type { Dispatcher } from 'undici'
import type { Evidence } from '../../../shared/bridge/evidenceSchema'
import type { ResolvedEnvironment } from '../environments/environmentService'
import type { AttemptJournal } from '../journal/requestJournal'
import { ServiceError } from '../serviceError'
import { createApiDispatcher, sendAttempt, type AnsweredAttempt } from './apiAttempt'
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
  /** Reading one record by id: a 404 then means there is no such record, not a wrong address. */
  lookup?: boolean
  /** Told of every attempt before it goes on the wire (requests the renderer may ask about later). */
  journal?: AttemptJournal
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
        lookup: request.lookup ?? false,
      }
      const startedAt = new Date()
      const started = performance.now()
      const evidenceOf = (answer: AnsweredAttempt, attempts: number): Evidence =>
        buildEvidence({
          environment,
          request: { method: request.method, url, body: request.body },
          answer,
          startedAt,
          durationMs: performance.now() - started,
          attempts,
        })
      let attempts = 0
      let lastAnswer: AnsweredAttempt | undefined
      const attempt = async () => {
        const number = (attempts += 1)
        await request.journal?.beforeAttempt(number)
        const result = await sendAttempt(dispatcher, {
          method: request.method,
          url,
          secretKey: environment.secretKey,
          body: request.body,
          signal: request.signal,
          timeoutMs,
        })
        if (result.kind === 'answered') lastAnswer = result
        if (result.kind === 'noAnswer' && !result.sent) await request.journal?.notSent(number)
        return result
      }
      try {
        const delivered = await sendWithRetries({
          attempt,
          classify: (result) => classifyAttempt(result, context),
          policy,
          signal: request.signal,
        })
        return {
          status: delivered.answer.status,
          data: delivered.data,
          links: delivered.links,
          evidence: evidenceOf(delivered.answer, delivered.attempts),
        }
      } catch (error) {
        // Whatever came back is evidence, an unreadable answer to a billed check above all.
        if (error instanceof ServiceError && lastAnswer)
          throw error.withEvidence(evidenceOf(lastAnswer, attempts))
        throw error
      }
    },
  }
}
