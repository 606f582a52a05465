import { describe, expect, it } from 'vitest'
import { decideRetry, defaultRetryPolicy } from './retryPolicy'

const backoff = { kind: 'backoff' } as const

describe('decideRetry', () => {
  it('waits exactly Retry-After after a 429', () => {
    expect(decideRetry({ kind: 'retryAfter', seconds: 3 }, 1)).toEqual({
      retry: true,
      delayMs: 3000,
    })
    expect(decideRetry({ kind: 'retryAfter', seconds: 2 }, 2)).toEqual({
      retry: true,
      delayMs: 2000,
    })
    expect(decideRetry({ kind: 'retryAfter', seconds: undefined }, 1)).toEqual({
      retry: true,
      delayMs: 1000,
    })
  })

  it('hands a long Retry-After to the user instead of waiting', () => {
    expect(decideRetry({ kind: 'retryAfter', seconds: 120 }, 1)).toEqual({ retry: false })
  })

  it('stops at the attempt budget, whatever the wait', () => {
    const last = defaultRetryPolicy.maxAttempts
    expect(decideRetry({ kind: 'retryAfter', seconds: 1 }, last)).toEqual({ retry: false })
    expect(decideRetry(backoff, last)).toEqual({ retry: false })
    expect(decideRetry(backoff, last - 1)).toMatchObject({ retry: true })
  })

  it('backs off exponentially with full jitter, within bounds', () => {
    const delays = [1, 2, 3].map((attempt) =>
      decideRetry(backoff, attempt, defaultRetryPolicy, () => 0.999),
    )
    expect(delays).toEqual([
      { retry: true, delayMs: 249 },
      { retry: true, delayMs: 499 },
      { retry: true, delayMs: 999 },
    ])
    expect(decideRetry(backoff, 2, defaultRetryPolicy, () => 0)).toEqual({
      retry: true,
      delayMs: 0,
    })
    const capped = { ...defaultRetryPolicy, maxAttempts: 10 }
    expect(decideRetry(backoff, 9, capped, () => 0.999)).toEqual({
      retry: true,
      delayMs: 3996,
    })
  })
})
