import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { propertyRuns } from '../../../test-support/propertyRuns'
import { teamConnectionGate } from './teamConnectionGate'

type Step = 'call' | 'nested call' | 'end'

describe('the team connection gate', () => {
  it('never runs an end while a call is under way, and every call and end finishes, whatever the order they arrive and step in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.constantFrom<Step>('call', 'nested call', 'end'), {
          minLength: 1,
          maxLength: 10,
        }),
        async (s, steps) => {
          const gate = teamConnectionGate()
          let callsUnderWay = 0
          let endsUnderWay = 0
          const overlaps: string[] = []
          const finished: string[] = []
          const step = (label: string) => s.schedule(Promise.resolve(), label)
          // A call made from within a call under way (a write's vetting reads its scope).
          const inner = gate.calls(async (label: string) => {
            await step(`${label}: inner`)
          })
          const call = gate.calls(async (label: string, nested: boolean) => {
            callsUnderWay += 1
            if (endsUnderWay > 0) overlaps.push(label)
            await step(`${label}: first step`)
            if (nested) await inner(label)
            await step(`${label}: second step`)
            callsUnderWay -= 1
          })
          const end = (label: string) =>
            gate.ends(async () => {
              endsUnderWay += 1
              if (callsUnderWay > 0) overlaps.push(label)
              await step(`${label}: step`)
              endsUnderWay -= 1
            })
          const arrivals = steps.map(async (kind, index) => {
            const label = `${kind} ${index}`
            await step(`${label} arrives`)
            await (kind === 'end' ? end(label) : call(label, kind === 'nested call'))
            finished.push(label)
          })
          await s.waitIdle()
          expect(overlaps).toEqual([])
          expect(finished).toHaveLength(steps.length)
          await Promise.all(arrivals)
        },
      ),
      propertyRuns(300),
    )
  })

  it('ends once the time given has passed when a call under way never finishes (a quit)', async () => {
    vi.useFakeTimers()
    try {
      const gate = teamConnectionGate()
      void gate.calls(() => new Promise<never>(() => undefined))()
      let closed = false
      const quit = gate.ends(
        async () => {
          closed = true
        },
        { waitAtMostMs: 5_000 },
      )
      await vi.advanceTimersByTimeAsync(4_999)
      expect(closed).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await quit
      expect(closed).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('lets calls that arrive after a failed end go on', async () => {
    const gate = teamConnectionGate()
    await expect(
      gate.ends(() => Promise.reject(new Error('the database would not close'))),
    ).rejects.toThrow('would not close')
    await expect(gate.calls(async () => 'answered')()).resolves.toBe('answered')
  })
})
