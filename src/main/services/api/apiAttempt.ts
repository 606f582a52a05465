import { Agent, request as undiciRequest, type Dispatcher } from 'undici'
import type { ServiceError } from '../serviceError'

/** What arrived of an answer: its status and kept headers, and its bytes so far. */
export interface Received {
  status: number
  headers: Record<string, string>
  bytes: Buffer
}

/**
 * What one attempt produced, before anyone decides what it means. An attempt cut short keeps, as
 * `received`, whatever part of the answer had arrived: it is evidence, though not an answer.
 */
export type AttemptResult =
  | ({ kind: 'answered' } & Received)
  /** No answer. `sent` is false only when the connection provably never opened. */
  | { kind: 'noAnswer'; cause: 'timeout' | 'network'; sent: boolean; received?: Received }
  /** The caller cancelled while the request was in flight. */
  | { kind: 'cancelled'; received?: Received }
  /** Never sent: cancelled or stopped while it waited for its turn (see rateLimiter.ts). */
  | { kind: 'notSent'; error: ServiceError }

export type AnsweredAttempt = Extract<AttemptResult, { kind: 'answered' }>
/** An attempt that went on the wire, as it ended. */
export type SentAttempt = Exclude<AttemptResult, { kind: 'notSent' }>

export interface AttemptRequest {
  method: 'GET' | 'POST'
  url: URL
  secretKey: string
  body?: unknown
  signal?: AbortSignal
  /** Time for the attempt, from sending to the last byte of the answer. */
  timeoutMs: number
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

/** Headers worth keeping as evidence; the rest are transport detail. */
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

const errorCode = (error: unknown): string | undefined => {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code
    if (code) return code
  }
  return undefined
}

/** One connection pool per client, on undici for its explicit connect timeout. */
export const createApiDispatcher = (connectTimeoutMs: number): Dispatcher =>
  new Agent({ connectTimeout: connectTimeoutMs, keepAliveTimeout: 10_000 })

/** Sends the request once and reads the whole answer; never throws. */
export async function sendAttempt(
  dispatcher: Dispatcher,
  request: AttemptRequest,
): Promise<SentAttempt> {
  const deadline = AbortSignal.timeout(request.timeoutMs)
  const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline
  let head: Omit<Received, 'bytes'> | undefined
  const chunks: Buffer[] = []
  try {
    const response = await undiciRequest(request.url, {
      method: request.method,
      dispatcher,
      signal,
      headers: {
        token: request.secretKey,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    })
    const headers: Record<string, string> = {}
    for (const name of keptHeaders) {
      const value = response.headers[name]
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
    head = { status: response.statusCode, headers }
    // Read chunk by chunk, so that an answer cut short still leaves the bytes that came.
    for await (const chunk of response.body) chunks.push(chunk as Buffer)
    return { kind: 'answered', ...head, bytes: Buffer.concat(chunks) }
  } catch (error) {
    const received = head ? { received: { ...head, bytes: Buffer.concat(chunks) } } : {}
    if (request.signal?.aborted) return { kind: 'cancelled', ...received }
    return {
      kind: 'noAnswer',
      cause: deadline.aborted ? 'timeout' : 'network',
      sent: !notSentCodes.has(errorCode(error) ?? ''),
      ...received,
    }
  }
}
