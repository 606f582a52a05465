import { afterEach, describe, expect, it, vi } from 'vitest'
import { collectSoon } from './journalClient'

const calls = vi.hoisted(() => [] as Array<{ method: string; input: unknown }>)

// The bridge is the edge here: what reaches the main side is what this test looks at.
vi.mock('../../bridge/bridgeClient', () => ({
  callBridge: (method: string, input: unknown) => {
    calls.push({ method, input })
    return Promise.resolve({})
  },
}))

afterEach(() => {
  vi.useRealTimers()
  calls.length = 0
})

describe('collecting requests settled by background work', () => {
  it('tells the main side of many settled requests in one call, soon after the first', async () => {
    vi.useFakeTimers()
    collectSoon(['a'])
    collectSoon(['b', 'c'])
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(250)
    expect(calls).toEqual([{ method: 'requests.collect', input: { requestIds: ['a', 'b', 'c'] } }])
    collectSoon(['d'])
    await vi.advanceTimersByTimeAsync(250)
    expect(calls.map(({ input }) => input)).toEqual([
      { requestIds: ['a', 'b', 'c'] },
      { requestIds: ['d'] },
    ])
  })
})
