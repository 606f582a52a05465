import { describe, expect, it } from 'vitest'
import { decideRetry, defaultRetryPolicy } from './retryPolicy'

describe('decideRetry', () => {
  it('waits exactly Retry-After after a 429, billed or not', () => {
    expect(decideRetry({ kind: 'rateLimited', retryAfterS: 3 }, 1, true)).toEqual({
      retry: true,
      delayMs: 3000,
    })
    expect(decideRetry({ kind: 'rateLimited', retryAfterS: 2 }, 2, false)).toEqual({
      retry: true,
      delayMs: 2000,
    })
  })

  it('hands a long Retry-After to the user instead of waiting', () => {
    expect(decideRetry({ kind: 'rateLimited', retryAfterS: 120 }, 1, false)).toEqual({
      retry: false,
    })
  })

  it('never re-sends a billed check that may have been processed', () => {
    for (const kind of ['serverError', 'maybeProcessed'] as const) {
      expect(decideRetry({ kind }, 1, true)).toEqual({ retry: false })
    }
    expect(decideRetry({ kind: 'notSent' }, 1, true)).toMatchObject({ retry: true })
  })

  it('backs off exponentially with full jitter for requests that are not billed, within bounds', () => {
    const delays = [1, 2, 3].map((attempt) =>
      decideRetry({ kind: 'serverError' }, attempt, false, defaultRetryPolicy, () => 0.999),
    )
    expect(delays).toEqual([
      { retry: true, delayMs: 249 },
      { retry: true, delayMs: 499 },
      { retry: true, delayMs: 999 },
    ])
    expect(decideRetry({ kind: 'serverError' }, 2, false, defaultRetryPolicy, () => 0)).toEqual({
      retry: true,
      delayMs: 0,
    })
    expect(decideRetry({ kind: 'maybeProcessed' }, defaultRetryPolicy.maxAttempts, false)).toEqual({
      retry: false,
    })
  })
})
