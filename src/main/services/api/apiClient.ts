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

type AnswerMeaning =
  | {
      kind: 'success'
      data: unknown
      links: unknown[]
      answer: Extract<Attempt, { kind: 'answered' }>
    }
  | { kind: 'failed'; failure: AttemptFailure; error: ServiceError }

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

const outcomeUnknown = (label: string, what: string, billed: boolean): ServiceError =>
  new ServiceError(
    bridgeErrorNames.outcomeUnknown,
    billed
      ? `${label} may have run this billed check, but ${what}. It was not sent again, so you are not charged twice. Look in History and at your account before running it again.`
      : `${label} may have done what was asked, but ${what}. It was not sent again automatically: check whether it went through before sending it again.`,
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
      if (sent && request.atMostOnce) {
        const what =
          reason === 'timeout'
            ? 'no answer arrived in time'
            : 'the connection broke before its answer arrived'
        return {
          kind: 'failed',
          failure: { kind: 'maybeProcessed' },
          error: outcomeUnknown(environment.label, what, request.billed ?? false),
        }
      }
      return {
        kind: 'failed',
        failure: sent ? { kind: 'maybeProcessed' } : { kind: 'notSent' },
        error: unreachable(environment.label, environment.baseUrl, reason),
      }
    }
  }

  /** What an answer means: a success with its evidence, or a failure and whether it may be repeated. */
  const interpret = (
    environment: ResolvedEnvironment,
    request: ApiRequest,
    answer: Extract<Attempt, { kind: 'answered' }>,
  ): AnswerMeaning => {
    const text = answer.bytes.toString('utf8')
    const json = parseJson(text)
    const ambiguous = (what: string) =>
      outcomeUnknown(environment.label, what, request.billed ?? false)
    if (answer.status >= 200 && answer.status < 300) {
      const envelope = successEnvelopeSchema.safeParse(json)
      if (envelope.success)
        return {
          kind: 'success',
          data: envelope.data.data,
          links: envelope.data.links ?? [],
          answer,
        }
      return {
        kind: 'failed',
        failure: { kind: 'maybeProcessed' },
        error: request.atMostOnce
          ? ambiguous(`its answer could not be read (HTTP ${answer.status})`)
          : unexpectedResponse(environment.label, answer.status, text),
      }
    }
    const envelope = errorEnvelopeSchema.safeParse(json)
    const retryAfter = Number(answer.headers['retry-after'])
    const retryAfterS =
      Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.ceil(retryAfter) : undefined
    const error = envelope.success
      ? serviceErrorFromResponse(environment.label, answer.status, envelope.data, retryAfterS)
      : unexpectedResponse(environment.label, answer.status, text)
    if (answer.status === 429)
      return { kind: 'failed', failure: { kind: 'rateLimited', retryAfterS }, error }
    if (answer.status >= 500) {
      return {
        kind: 'failed',
        failure: { kind: 'serverError' },
        error: request.atMostOnce
          ? ambiguous(`it failed while handling it (HTTP ${answer.status})`)
          : error,
      }
    }
    throw error
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
        const meaning =
          outcome.kind === 'answered' ? interpret(environment, request, outcome) : outcome
        if (meaning.kind === 'success') {
          const { answer } = meaning
          return {
            status: answer.status,
            data: meaning.data,
            links: meaning.links,
            evidence: {
              environment: environment.id,
              baseUrl: environment.baseUrl,
              request: {
                method: request.method,
                path: `${url.pathname}${url.search}`,
                body: request.body ?? null,
              },
              response: {
                status: answer.status,
                headers: answer.headers,
                bodyBase64: answer.bytes.toString('base64'),
                bytes: answer.bytes.length,
              },
              startedAt: startedAt.toISOString(),
              durationMs: Math.round((performance.now() - started) * 10) / 10,
              attempts: attempt,
            },
          }
        }
        const decision = decideRetry(meaning.failure, attempt, request.atMostOnce ?? false, policy)
        if (!decision.retry) throw meaning.error
        await sleep(decision.delayMs, request.signal)
      }
    },
  }
}
