import type { Dispatcher } from 'undici'
import type { Evidence } from '../../../shared/bridge/evidenceSchema'
import type { ResolvedEnvironment } from '../environments/environmentService'
import type { AttemptJournal } from '../journal/requestJournal'
import { ServiceError } from '../serviceError'
import {
  createApiDispatcher,
  sendAttempt,
  type AttemptResult,
  type SentAttempt,
} from './apiAttempt'
import { buildEvidence, type Exchange } from './apiEvidence'
import { classifyAttempt, retryAfterOf, type AttemptContext } from './classifyAttempt'
import {
  EnvironmentRateLimiter,
  type LimiterView,
  type Pace,
  type RateLimiterOptions,
  type SlotFeedback,
} from './rateLimiter'
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
  /** Whose turn first in the environment's rate limiter: a person's (default) or queued work's. */
  pace?: Pace
}

export interface ApiSuccess {
  status: number
  data: unknown
  links: unknown[]
  evidence: Evidence
}

export interface ApiClient {
  send(environment: ResolvedEnvironment, request: ApiRequest): Promise<ApiSuccess>
  /** The environment's rate limiter as it stands: its rate, what it learnt, any pause or stop. */
  pace(environment: ResolvedEnvironment): LimiterView
}

export interface ApiClientOptions {
  /** Time to open the connection. */
  connectTimeoutMs?: number
  /** Time for one attempt, from sending to the last byte of the answer. */
  timeoutMs?: number
  retry?: RetryPolicy
  /** The rate limiters' clock and pace; the longest wait in a queue is the policy's Retry-After. */
  limiter?: Omit<RateLimiterOptions, 'maxWaitMs'>
}

/** What the rate limiter learns from an attempt: 429s slow it down, 401/402/403 stop its queue. */
const feedbackOf = (result: AttemptResult, context: AttemptContext): SlotFeedback => {
  if (result.kind !== 'answered') return {}
  const { status } = result
  if (status !== 429 && status !== 401 && status !== 402 && status !== 403) return { status }
  const verdict = classifyAttempt(result, context)
  return {
    status,
    retryAfterS: retryAfterOf(result),
    ...(verdict.verdict === 'ok' ? {} : { error: verdict.error }),
  }
}

/**
 * Puts an attempt on record before it may leave. A refusal (storage refused the line) means the
 * attempt never left: it is returned, for the retry loop to say with what earlier attempts did.
 * Anything else thrown is a bug, and is thrown on.
 */
async function recordAttempt(
  journal: AttemptJournal | undefined,
  attempt: number,
): Promise<ServiceError | undefined> {
  try {
    await journal?.beforeAttempt(attempt)
    return undefined
  } catch (error) {
    if (error instanceof ServiceError) return error
    throw error
  }
}

/**
 * One client for every environment, as a pipeline: a turn from the environment's rate limiter,
 * one attempt on the wire, a pure classifier of what came back, the retry loop, and the evidence
 * of the answer that was kept. Every request of the app goes through `send`, so one limiter per
 * environment (and base URL) paces single searches, the outbox, entity calls and bulk work alike.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const timeoutMs = options.timeoutMs ?? 20_000
  const policy = options.retry ?? defaultRetryPolicy
  const dispatcher: Dispatcher = createApiDispatcher(options.connectTimeoutMs ?? 5_000)
  const limiters = new Map<string, EnvironmentRateLimiter>()
  const limiterOf = (environment: ResolvedEnvironment): EnvironmentRateLimiter => {
    const key = `${environment.id} ${environment.baseUrl}`
    let limiter = limiters.get(key)
    if (!limiter) {
      limiter = new EnvironmentRateLimiter({
        ...options.limiter,
        maxWaitMs: policy.maxRetryAfterS * 1000,
      })
      limiters.set(key, limiter)
    }
    return limiter
  }

  return {
    pace: (environment) => limiterOf(environment).view(),
    async send(environment, request) {
      const url = new URL(request.path, environment.baseUrl)
      for (const [name, value] of Object.entries(request.query ?? {}))
        url.searchParams.set(name, String(value))
      const limiter = limiterOf(environment)
      const context: AttemptContext = {
        label: environment.label,
        baseUrl: environment.baseUrl,
        atMostOnce: request.atMostOnce ?? false,
        billed: request.billed ?? false,
        lookup: request.lookup ?? false,
      }
      // The evidence starts when the first attempt goes on the wire and shows what the last one
      // got, and what each one before it got.
      let first: { at: Date; clock: number } | undefined
      const exchanges: Exchange[] = []
      const evidenceOf = (
        attempt: SentAttempt,
        attempts: number,
        since: NonNullable<typeof first>,
      ): Evidence =>
        buildEvidence({
          environment,
          request: { method: request.method, url, body: request.body },
          last: attempt,
          startedAt: since.at,
          durationMs: performance.now() - since.clock,
          attempts,
          earlier: exchanges.slice(0, -1),
        })
      let attempts = 0
      const attempt = async (): Promise<AttemptResult> => {
        // Waiting for a turn is not being sent: the journal hears of the attempt only once it has one.
        const turn = await limiter.acquire({
          pace: request.pace ?? 'interactive',
          path: request.path,
          signal: request.signal,
        })
        if (!turn.granted) return { kind: 'notSent', error: turn.error }
        const number = (attempts += 1)
        let result: AttemptResult | undefined
        try {
          const unrecorded = await recordAttempt(request.journal, number)
          const departure = unrecorded
            ? { departed: false as const, error: unrecorded }
            : await turn.slot.depart()
          if (departure.departed) {
            const sentAt = new Date()
            const clock = performance.now()
            first ??= { at: sentAt, clock }
            result = await sendAttempt(dispatcher, {
              method: request.method,
              url,
              secretKey: environment.secretKey,
              body: request.body,
              signal: request.signal,
              timeoutMs,
            })
            exchanges.push({ attempt: result, sentAt, durationMs: performance.now() - clock })
          } else {
            // Held back (a pause, a stop, a cancel, its journal line refused) and never sent.
            await request.journal?.notSent(number)
            result = { kind: 'notSent', error: departure.error }
          }
        } finally {
          turn.slot.done(result ? feedbackOf(result, context) : {})
        }
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
          // Delivered means answered, so an attempt went on the wire and `first` is known.
          evidence: evidenceOf(delivered.answer, delivered.attempts, first!),
        }
      } catch (error) {
        // A failure after sending keeps what the last attempt got, even nothing, with when and how
        // often it was sent: a timeout or a reset of a billed check is evidence above all.
        const last = exchanges.at(-1)
        if (error instanceof ServiceError && last && first)
          throw error.withEvidence(evidenceOf(last.attempt, exchanges.length, first))
        throw error
      }
    },
  }
}
