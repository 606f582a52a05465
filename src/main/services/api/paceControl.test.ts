import { describe, expect, it } from 'vitest'
import { PaceControl, defaultPaceSettings } from './paceControl'

/** Sends `count` requests evenly over `ms` from `from`, each answered 200; returns the time after. */
const sendEvenly = (pace: PaceControl, from: number, count: number, ms: number): number => {
  for (let index = 0; index < count; index += 1)
    pace.answered(pace.sent(from + (index * ms) / count))
  return from + ms
}

describe('the pace of one environment', () => {
  it('doubles every 100 ms of sending until the first 429 says where the limit is', () => {
    const pace = new PaceControl()
    expect(pace.view()).toEqual({ rate: 10, ceiling: undefined })
    sendEvenly(pace, 0, 10, 300)
    expect(pace.view().rate).toBeCloseTo(10 * 2 ** 2.7, 0)
  })

  it('takes what the service accepted around a 429 as its limit, minus 2%, once all is answered', () => {
    const pace = new PaceControl()
    const end = sendEvenly(pace, 0, 58, 1000)
    const refused = pace.sent(end)
    // Sent after the refused one but answered first: it overtook it, and counts.
    const overtaking = pace.sent(end + 1)
    pace.limited(refused, end + 5)
    const cut = pace.view().rate
    expect(pace.view().ceiling).toBeUndefined()
    pace.answered(overtaking)
    // 59 accepted: a ceiling of 57.8, and the rate drops to it.
    expect(pace.view()).toEqual({ rate: 59 * 0.98, ceiling: 59 * 0.98 })
    expect(cut).toBeGreaterThan(59 * 0.98)
  })

  it('cuts the rate multiplicatively on a 429 at a rate the service had accepted, then adds back', () => {
    const pace = new PaceControl()
    let now = sendEvenly(pace, 0, 50, 1000)
    pace.limited(pace.sent(now), now)
    const ceiling = pace.view().ceiling!
    now = sendEvenly(pace, now + 1000, 50, 1000)
    const refused = pace.sent(now)
    pace.limited(refused, now)
    expect(pace.view().rate).toBeCloseTo(ceiling * 0.7)
    // Further 429s to requests sent before that cut do not cut again.
    pace.limited(refused, now + 1)
    expect(pace.view().rate).toBeCloseTo(ceiling * 0.7)
    // Additive increase: a tenth of the ceiling per second of sending, up to the ceiling.
    now = sendEvenly(pace, now + 1, 40, 1000)
    expect(pace.view().rate).toBeCloseTo(ceiling * 0.8, 0)
    sendEvenly(pace, now, 200, 5000)
    expect(pace.view().rate).toBe(ceiling)
  })

  it('takes a 429 below a trusted ceiling as bunching or a shared allowance: one margin lower', () => {
    const pace = new PaceControl()
    let now = sendEvenly(pace, 0, 60, 1000)
    pace.limited(pace.sent(now), now)
    // Slow start's lesson (58.8) was provisional: the next one, at 50, replaces it.
    now = sendEvenly(pace, now + 1000, 50, 1000)
    pace.limited(pace.sent(now), now)
    expect(pace.view().ceiling).toBeCloseTo(49)
    // A stall bunched requests: refused after only 40 in the window. Not a limit of 40.
    now = sendEvenly(pace, now + 1000, 40, 1000)
    pace.limited(pace.sent(now), now)
    expect(pace.view().ceiling).toBeCloseTo(49 * 0.98)
    expect(pace.view().rate).toBeCloseTo(49 * 0.7)
  })

  it('learns nothing from a 429 to a lone request, and probes above its ceiling after a quiet minute', () => {
    const pace = new PaceControl()
    pace.limited(pace.sent(0), 10)
    expect(pace.view()).toEqual({ rate: 7, ceiling: undefined })
    let now = sendEvenly(pace, 2000, 30, 1000)
    pace.limited(pace.sent(now), now)
    const ceiling = pace.view().ceiling!
    now = sendEvenly(pace, now, ceiling * 61, 61_000)
    expect(pace.view().ceiling).toBeGreaterThan(ceiling)
    expect(pace.view().ceiling).toBeLessThan(ceiling * (1 + defaultPaceSettings.probe * 1.1))
  })

  it('never lets more leave in one window than the service was seen to accept', () => {
    const pace = new PaceControl()
    let now = sendEvenly(pace, 0, 20, 1000)
    pace.limited(pace.sent(now), now)
    expect(pace.view().ceiling).toBeCloseTo(19.6)
    now += 2000
    for (let index = 0; index < 19; index += 1) pace.answered(pace.sent(now))
    // 19 left at once (a late timer caught up): the 20th waits for the first to leave the window.
    expect(pace.windowAllowsAt(now)).toBe(now + 1000)
  })
})
