import type { RetryWait } from './classifyAttempt'

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
 * When to send again a request the classifier called safe to repeat: after exactly Retry-After
 * (unless it is too long to wait), otherwise with exponential back-off and full jitter; never
 * beyond the attempt budget. Whether it may be repeated at all is not decided here.
 */
export function decideRetry(
  wait: RetryWait,
  attempt: number,
  policy: RetryPolicy = defaultRetryPolicy,
  random: () => number = Math.random,
): RetryDecision {
  if (attempt >= policy.maxAttempts) return { retry: false }
  if (wait.kind === 'retryAfter') {
    const waitS = wait.seconds ?? 1
    return waitS <= policy.maxRetryAfterS
      ? { retry: true, delayMs: waitS * 1000 }
      : { retry: false }
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  return { retry: true, delayMs: Math.floor(random() * ceiling) }
}
