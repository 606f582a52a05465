import { describe, expect, it } from 'vitest'
import { FakeLimiterClock } from '../../../test-support/fakeLimiterClock'
import { ServiceError } from '../serviceError'
import { defaultPaceSettings, type PaceSettings } from './paceControl'
import { EnvironmentRateLimiter, type Pace, type Slot } from './rateLimiter'

/** A steady 10 requests a second unless a test says otherwise: no slow start, no learning yet. */
const steadyTen: Partial<PaceSettings> = { initialRate: 10, doublingMs: Number.POSITIVE_INFINITY }

interface Outcome {
  name: string
  /** When it left, on the fake clock. */
  at?: number
  slot?: Slot
  error?: ServiceError
}

function harness(pace: Partial<PaceSettings> = steadyTen, maxWaitMs = 10_000) {
  const clock = new FakeLimiterClock()
  const limiter = new EnvironmentRateLimiter({
    clock,
    pace: { ...defaultPaceSettings, ...pace },
    maxWaitMs,
  })
  const departed: Outcome[] = []
  /** What the API client does: wait for a turn, (journal,) depart, then report what came back. */
  const send = async (
    name: string,
    options: {
      pace?: Pace
      path?: string
      signal?: AbortSignal
      beforeDeparting?: Promise<void>
    } = {},
  ): Promise<Outcome> => {
    const turn = await limiter.acquire({
      pace: options.pace ?? 'background',
      path: options.path ?? '/search',
      signal: options.signal,
    })
    if (!turn.granted) return { name, error: turn.error }
    await options.beforeDeparting
    const departure = await turn.slot.depart()
    if (!departure.departed) return { name, error: departure.error }
    const outcome = { name, at: clock.now(), slot: turn.slot }
    departed.push(outcome)
    return outcome
  }
  return { clock, limiter, departed, send, names: () => departed.map((item) => item.name) }
}

const refusal = (status: number, name: ServiceError['name']): ServiceError =>
  new ServiceError(name, `refused with ${status}`, { status, mayHaveReachedService: false })

describe('the rate limiter of one environment', () => {
  it('paces requests and lets an interactive one go ahead of queued background work', async () => {
    const { clock, send, names, departed } = harness()
    const background = ['b0', 'b1', 'b2', 'b3'].map((name) => send(name))
    await clock.advance(0)
    const interactive = send('person', { pace: 'interactive' })
    await clock.advance(1000)
    await Promise.all([...background, interactive])
    expect(names()).toEqual(['b0', 'person', 'b1', 'b2', 'b3'])
    expect(departed.map((item) => item.at)).toEqual([0, 100, 200, 300, 400])
  })

  it('pauses the whole queue for Retry-After after a 429, then resumes at its pace', async () => {
    const { clock, limiter, send, departed } = harness()
    const first = await send('first')
    const waiting = [send('second'), send('third')]
    first.slot!.done({ status: 429, retryAfterS: 2, error: refusal(429, 'RateLimitError') })
    await clock.advance(1999)
    expect(departed.map((item) => item.name)).toEqual(['first'])
    await clock.advance(1000)
    await Promise.all(waiting)
    // Slowed down too: 10 a second cut to 7 (one request says nothing of the service's limit).
    expect(limiter.view().rate).toBeCloseTo(7)
    expect(departed.map((item) => item.at)).toEqual([0, 2000, 2000 + 1000 / 7])
  })

  it('sends nothing during a pause, even a request that had its turn before the 429 came', async () => {
    const { clock, send, departed } = harness()
    const first = await send('first')
    let journalled = (): void => {}
    const slowJournal = new Promise<void>((resolve) => (journalled = resolve))
    const second = send('second', { beforeDeparting: slowJournal })
    await clock.advance(100)
    first.slot!.done({ status: 429, retryAfterS: 1, error: refusal(429, 'RateLimitError') })
    journalled()
    await clock.advance(500)
    expect(departed).toHaveLength(1)
    await clock.advance(1000)
    expect((await second).at).toBe(1100)
  })

  it('hands a pause longer than the retry policy waits to every waiting request, not sent', async () => {
    const { clock, send, departed } = harness(steadyTen, 10_000)
    const first = await send('first')
    const waiting = send('second')
    first.slot!.done({ status: 429, retryAfterS: 60, error: refusal(429, 'RateLimitError') })
    const refused = await waiting
    expect(refused.error).toMatchObject({
      name: 'RateLimitError',
      retryAfterS: 60,
      mayHaveReachedService: false,
    })
    expect((await send('later')).error?.retryAfterS).toBe(60)
    await clock.advance(60_000)
    expect((await send('after the pause')).at).toBe(60_000)
    expect(departed.map((item) => item.name)).toEqual(['first', 'after the pause'])
  })

  it('drops a request cancelled while it waits: it is refused as not sent and never leaves', async () => {
    const { clock, send, departed } = harness()
    await send('first')
    const controller = new AbortController()
    const cancelledOne = send('cancelled', { signal: controller.signal })
    const next = send('next')
    await clock.advance(50)
    controller.abort()
    expect((await cancelledOne).error).toMatchObject({
      name: 'CancelledError',
      mayHaveReachedService: false,
    })
    await clock.advance(5000)
    await next
    expect(departed.map((item) => [item.name, item.at])).toEqual([
      ['first', 0],
      ['next', 100],
    ])
  })

  it('stops the requests waiting for a route that answered 402, and only those', async () => {
    const { clock, limiter, send } = harness()
    const first = await send('first')
    const sameRoute = send('same route')
    const otherRoute = send('entities', { path: '/entities' })
    first.slot!.done({ status: 402, error: refusal(402, 'PaymentRequiredError') })
    expect((await sameRoute).error).toMatchObject({
      name: 'PaymentRequiredError',
      status: 402,
      mayHaveReachedService: false,
    })
    await clock.advance(1000)
    expect((await otherRoute).at).toBe(100)
    expect(limiter.view().stoppedBy).toMatchObject({ status: 402, path: '/search' })
    // Whoever sends after the stop has seen it and chosen to try again.
    const retried = send('after topping up')
    await clock.advance(1000)
    expect((await retried).at).toBeDefined()
  })

  it('stops every waiting request of the environment on a 401', async () => {
    const { send } = harness()
    const first = await send('first')
    const waiting = [send('search'), send('entities', { path: '/entities' })]
    first.slot!.done({ status: 401, error: refusal(401, 'UnauthorizedError') })
    for (const outcome of await Promise.all(waiting)) expect(outcome.error?.status).toBe(401)
  })
})

describe('its pace against a service that accepts a fixed number a second', () => {
  /**
   * A service admitting `limit` requests in any second, answering 429 with Retry-After: 1 beyond
   * it; `workers` callers keep requests in flight, each answered at once.
   */
  async function runAgainst(limit: number, seconds: number, lateTimersMs = 0) {
    const { clock, limiter, send } = harness({})
    const admitted: number[] = []
    let limited = 0
    let stop = false
    const worker = async (index: number): Promise<void> => {
      for (let count = 0; !stop; count += 1) {
        const outcome = await send(`w${index}-${count}`)
        const now = clock.now()
        const recent = admitted.filter((at) => at > now - 1000).length
        if (recent >= limit) {
          limited += 1
          outcome.slot!.done({ status: 429, retryAfterS: 1, error: refusal(429, 'RateLimitError') })
        } else {
          admitted.push(now)
          outcome.slot!.done({ status: 200 })
        }
      }
    }
    const workers = Array.from({ length: 8 }, (_, index) => worker(index))
    if (lateTimersMs === 0) await clock.advance(seconds * 1000)
    // Timers firing only every `lateTimersMs`: each is late by up to that much.
    else for (let at = 0; at < seconds * 1000; at += lateTimersMs) await clock.advance(lateTimersMs)
    stop = true
    await clock.advance(5000)
    await Promise.all(workers)
    const lastSeconds = admitted.filter((at) => at > (seconds - 10) * 1000).length / 10
    return { admitted: admitted.length, limited, lastSeconds, view: limiter.view() }
  }

  it('finds the limit from its first 429s, then holds just under it without more', async () => {
    const run = await runAgainst(50, 40)
    expect(run.view.ceiling).toBeCloseTo(49, 0)
    expect(run.lastSeconds).toBeGreaterThanOrEqual(48)
    expect(run.limited / (run.admitted + run.limited)).toBeLessThan(0.02)
    expect(run.admitted / 40).toBeGreaterThanOrEqual(0.95 * 50)
  })

  it('keeps its rate when timers fire late, without bunching past the limit', async () => {
    const run = await runAgainst(50, 30, 35)
    expect(run.lastSeconds).toBeGreaterThanOrEqual(47)
    expect(run.limited / (run.admitted + run.limited)).toBeLessThan(0.02)
  })
})
