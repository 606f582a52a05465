/** What went wrong with one attempt, as far as the client can tell. */
export type AttemptFailure =
  | { kind: 'rateLimited'; retryAfterS: number | undefined }
  | { kind: 'serverError' }
  /** The connection was never made: the request cannot have reached the service. */
  | { kind: 'notSent' }
  /** The request may have reached the service: reset, timeout, or an answer that could not be read. */
  | { kind: 'maybeProcessed' }

export interface RetryPolicy {
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
  /** A Retry-After longer than this is handed to the user with a countdown instead of waited out. */
  maxRetryAfterS: number
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  maxRetryAfterS: 10,
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false }

/**
 * Whether to send again. A 429 was refused before processing, and a connection that never opened
 * carried nothing, so both are safe to repeat. Anything else may have been processed: a billed
 * check is then never re-sent automatically (the user decides), other requests back off with full jitter.
 */
export function decideRetry(
  failure: AttemptFailure,
  attempt: number,
  atMostOnce: boolean,
  policy: RetryPolicy = defaultRetryPolicy,
  random: () => number = Math.random,
): RetryDecision {
  if (attempt >= policy.maxAttempts) return { retry: false }
  if (failure.kind === 'rateLimited') {
    const waitS = failure.retryAfterS ?? 1
    return waitS <= policy.maxRetryAfterS
      ? { retry: true, delayMs: waitS * 1000 }
      : { retry: false }
  }
  if (atMostOnce && failure.kind !== 'notSent') return { retry: false }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  return { retry: true, delayMs: Math.floor(random() * ceiling) }
}
