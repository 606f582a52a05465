import { describe, expect, it } from 'vitest'
import { SandboxHttpError } from './sandboxEnvelopes'
import { RateLimiter } from './sandboxWorkspace'

const refusalOf = (admit: () => void): SandboxHttpError => {
  try {
    admit()
  } catch (error) {
    if (error instanceof SandboxHttpError) return error
    throw error
  }
  throw new Error('expected a 429')
}

describe('the sandbox workspace’s rate limit (`--rate-limit N`)', () => {
  it('admits N requests a second and answers the next with 429 and the seconds to wait', () => {
    let now = 10_000
    const limiter = new RateLimiter(3, () => now)
    for (let index = 0; index < 3; index += 1) limiter.admit()
    now += 400
    const refusal = refusalOf(() => limiter.admit())
    expect(refusal.statusCode).toBe(429)
    expect(refusal.name).toBe('RateLimitError')
    expect(refusal.headers).toEqual({ 'retry-after': '1' })
    now += 600
    expect(() => limiter.admit()).not.toThrow()
  })
})
