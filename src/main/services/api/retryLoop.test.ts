import { describe, expect, it } from 'vitest'
import type { AttemptResult } from './apiAttempt'
import { classifyAttempt, type AttemptContext } from './classifyAttempt'
import { sendWithRetries, type Pause } from './retryLoop'
import { defaultRetryPolicy } from './retryPolicy'

const context: AttemptContext = {
  label: 'Sandbox',
  baseUrl: 'http://127.0.0.1:1/',
  atMostOnce: false,
  billed: false,
  lookup: false,
}
const delivered: AttemptResult = {
  kind: 'answered',
  status: 200,
  headers: {},
  bytes: Buffer.from(JSON.stringify({ success: true, data: { id: 'x' } })),
}
const refused: AttemptResult = { kind: 'noAnswer', cause: 'network', sent: false }
const timedOut: AttemptResult = { kind: 'noAnswer', cause: 'timeout', sent: true }
const rateLimited = (seconds: number): AttemptResult => ({
  kind: 'answered',
  status: 429,
  headers: { 'retry-after': String(seconds) },
  bytes: Buffer.from(JSON.stringify({ success: false, name: 'RateLimitError' })),
})

/** Plays the given attempts in order; the pause records its delays instead of waiting. */
function scripted(results: AttemptResult[], overrides: Partial<AttemptContext> = {}) {
  const delays: number[] = []
  let sent = 0
  const pause: Pause = async (ms) => {
    delays.push(ms)
    return true
  }
  const run = () =>
    sendWithRetries({
      attempt: async () => {
        const result = results[sent]
        sent += 1
        if (!result) throw new Error('more attempts than scripted')
        return result
      },
      classify: (result) => classifyAttempt(result, { ...context, ...overrides }),
      policy: defaultRetryPolicy,
      pause,
      random: () => 0.5,
    })
  return { run, delays, sent: () => sent }
}

describe('sendWithRetries', () => {
  it('returns what was delivered with the number of attempts it took', async () => {
    const script = scripted([refused, rateLimited(2), delivered])
    expect(await script.run()).toMatchObject({ data: { id: 'x' }, attempts: 3 })
    expect(script.delays).toEqual([125, 2000])
  })

  it('stops at the attempt budget and throws the last failure', async () => {
    const script = scripted([refused, refused, refused, refused])
    await expect(script.run()).rejects.toMatchObject({
      name: 'ServiceUnreachableError',
      mayHaveReachedService: false,
    })
    expect(script.sent()).toBe(defaultRetryPolicy.maxAttempts)
  })

  it('remembers that an earlier attempt may have reached the service', async () => {
    const script = scripted([timedOut, refused, refused, refused])
    await expect(script.run()).rejects.toMatchObject({
      name: 'ServiceUnreachableError',
      mayHaveReachedService: true,
    })
  })

  it('sends an at-most-once request once it may have reached the service, never again', async () => {
    const script = scripted([refused, timedOut, delivered], { atMostOnce: true })
    await expect(script.run()).rejects.toMatchObject({ name: 'OutcomeUnknownError' })
    expect(script.sent()).toBe(2)
  })

  it('hands a Retry-After too long to wait to the caller at once', async () => {
    const script = scripted([rateLimited(60), delivered])
    await expect(script.run()).rejects.toMatchObject({ name: 'RateLimitError', retryAfterS: 60 })
    expect(script.delays).toEqual([])
  })

  it('says a request cancelled while waiting was cancelled, and whether it may have gone', async () => {
    for (const [first, reached] of [
      [refused, false],
      [timedOut, true],
    ] as const) {
      const cancelledWait: Pause = async () => false
      await expect(
        sendWithRetries({
          attempt: async () => first,
          classify: (result) => classifyAttempt(result, context),
          policy: defaultRetryPolicy,
          pause: cancelledWait,
        }),
      ).rejects.toMatchObject({ name: 'CancelledError', mayHaveReachedService: reached })
    }
  })
})
