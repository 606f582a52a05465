import { Agent, request as undiciRequest, type Dispatcher } from 'undici'
import { bridgeErrorNames } from '../../../shared/bridge'
import type { Evidence } from '../../../shared/bridge/evidenceSchema'
import type { ResolvedEnvironment } from '../environments/environmentService'
import { ServiceError } from '../serviceError'
import { errorEnvelopeSchema, successEnvelopeSchema } from './apiEnvelopes'
import { serviceErrorFromResponse, unexpectedResponse, unreachable } from './apiErrors'
import {
  decideRetry,
  defaultRetryPolicy,
  type AttemptFailure,
  type RetryPolicy,
} from './retryPolicy'

export interface ApiRequest {
  method: 'GET' | 'POST'
  /** Path below the base URL, e.g. `v2/api/entities`. */
  path: string
  query?: Record<string, string | number>
  body?: unknown
  signal?: AbortSignal
  /** A billed check: once it may have reached the service it is never sent again automatically. */
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

/** Connection failures that prove nothing was sent. */
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])
const keptHeaders = [
  'content-type',
  'content-length',
  'date',
  'retry-after',
  'x-request-id',
  'request-id',
  'x-correlation-id',
  'etag',
]

type Attempt =
  | { kind: 'answered'; status: number; headers: Record<string, string>; bytes: Buffer }
  | { kind: 'failed'; failure: AttemptFailure; error: ServiceError }

const errorCode = (error: unknown): string | undefined => {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code
    if (code) return code
  }
  return undefined
}

const cancelled = (): ServiceError =>
  new ServiceError(
    bridgeErrorNames.cancelled,
    'The request was cancelled. If it had already reached the service, a billed check may still have been charged.',
  )

const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled())
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(cancelled())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

const outcomeUnknown = (label: string, what: string): ServiceError =>
  new ServiceError(
    bridgeErrorNames.outcomeUnknown,
    `${label} may have run this billed check, but ${what}. It was not sent again, so you are not charged twice. Look in History and at your account before running it again.`,
  )

/**
 * One client for every environment, on undici's request API for its explicit connect timeout and
 * low per-request cost. It retries what is safe to retry and keeps the evidence of every answer.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const timeoutMs = options.timeoutMs ?? 20_000
  const policy = options.retry ?? defaultRetryPolicy
  const dispatcher: Dispatcher = new Agent({
    connectTimeout: options.connectTimeoutMs ?? 5_000,
    keepAliveTimeout: 10_000,
  })

  const attemptOnce = async (
    environment: ResolvedEnvironment,
    url: URL,
    request: ApiRequest,
  ): Promise<Attempt> => {
    const deadline = AbortSignal.timeout(timeoutMs)
    const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline
    try {
      const response = await undiciRequest(url, {
        method: request.method,
        dispatcher,
        signal,
        headers: {
          token: environment.secretKey,
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      })
      const bytes = Buffer.from(await response.body.arrayBuffer())
      const headers: Record<string, string> = {}
      for (const name of keptHeaders) {
        const value = response.headers[name]
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
      }
      return { kind: 'answered', status: response.statusCode, headers, bytes }
    } catch (error) {
      if (request.signal?.aborted) throw cancelled()
      const sent = !notSentCodes.has(errorCode(error) ?? '')
      const reason = deadline.aborted ? 'timeout' : 'network'
      if (sent && request.billed) {
        const what =
          reason === 'timeout'
            ? 'no answer arrived in time'
            : 'the connection broke before its answer arrived'
        return {
          kind: 'failed',
          failure: { kind: 'maybeProcessed' },
          error: outcomeUnknown(environment.label, what),
        }
      }
      return {
        kind: 'failed',
        failure: sent ? { kind: 'maybeProcessed' } : { kind: 'notSent' },
        error: unreachable(environment.label, environment.baseUrl, reason),
      }
    }
  }

  return {
    async send(environment, request) {
      const url = new URL(request.path, environment.baseUrl)
      for (const [name, value] of Object.entries(request.query ?? {}))
        url.searchParams.set(name, String(value))
      const startedAt = new Date()
      const started = performance.now()
      for (let attempt = 1; ; attempt += 1) {
        const outcome = await attemptOnce(environment, url, request)
        let failure: AttemptFailure
        let error: ServiceError
        if (outcome.kind === 'failed') {
          ;({ failure, error } = outcome)
        } else {
          const text = outcome.bytes.toString('utf8')
          const json = parseJson(text)
          if (outcome.status >= 200 && outcome.status < 300) {
            const envelope = successEnvelopeSchema.safeParse(json)
            if (envelope.success) {
              return {
                status: outcome.status,
                data: envelope.data.data,
                links: envelope.data.links ?? [],
                evidence: {
                  environment: environment.id,
                  baseUrl: environment.baseUrl,
                  request: {
                    method: request.method,
                    path: `${url.pathname}${url.search}`,
                    body: request.body ?? null,
                  },
                  response: {
                    status: outcome.status,
                    headers: outcome.headers,
                    bodyBase64: outcome.bytes.toString('base64'),
                    bytes: outcome.bytes.length,
                  },
                  startedAt: startedAt.toISOString(),
                  durationMs: Math.round((performance.now() - started) * 10) / 10,
                  attempts: attempt,
                },
              }
            }
            failure = { kind: 'maybeProcessed' }
            error = request.billed
              ? outcomeUnknown(
                  environment.label,
                  `its answer could not be read (HTTP ${outcome.status})`,
                )
              : unexpectedResponse(environment.label, outcome.status, text)
          } else {
            const envelope = errorEnvelopeSchema.safeParse(json)
            const retryAfter = Number(outcome.headers['retry-after'])
            const retryAfterS =
              Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.ceil(retryAfter) : undefined
            error = envelope.success
              ? serviceErrorFromResponse(
                  environment.label,
                  outcome.status,
                  envelope.data,
                  retryAfterS,
                )
              : unexpectedResponse(environment.label, outcome.status, text)
            if (outcome.status === 429) failure = { kind: 'rateLimited', retryAfterS }
            else if (outcome.status >= 500) failure = { kind: 'serverError' }
            else throw error
            if (request.billed && outcome.status >= 500) {
              error = outcomeUnknown(
                environment.label,
                `it failed while handling it (HTTP ${outcome.status})`,
              )
            }
          }
        }
        const decision = decideRetry(failure, attempt, request.billed ?? false, policy)
        if (!decision.retry) throw error
        await sleep(decision.delayMs, request.signal)
      }
    },
  }
}
