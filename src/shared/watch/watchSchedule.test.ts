import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { propertyRuns } from '../../test-support/propertyRuns'
import { budgetMonthOf, cadenceMs, isDue, nextDueAfter, watchCadences } from './watchSchedule'

describe('the watch schedule', () => {
  it('is due a whole period after the last run, however late that run was', () => {
    expect(nextDueAfter(new Date('2026-11-23T08:30:00.000Z'), 'daily')).toBe(
      '2026-11-24T08:30:00.000Z',
    )
    expect(nextDueAfter(new Date('2026-11-23T08:30:00.000Z'), 'weekly')).toBe(
      '2026-11-30T08:30:00.000Z',
    )
  })

  it('counts budgets per calendar month', () => {
    expect(budgetMonthOf(new Date('2026-11-30T23:59:59.000Z'))).toBe('2026-11')
    expect(budgetMonthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12')
  })
})

describe('a watch under a clock that moves', () => {
  const day = 86_400_000

  it('is never silent for longer than one period of the clock it reads, wherever that clock jumps', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...watchCadences),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: -400 * day, max: 400 * day }),
        (cadence, lastRun, jump) => {
          const watch = { cadence, nextDueAt: nextDueAfter(new Date(lastRun), cadence) }
          const now = lastRun + jump
          const dueWithinAPeriod = [now, now + cadenceMs[cadence]].some((at) =>
            isDue(watch, new Date(at)),
          )
          expect(dueWithinAPeriod).toBe(true)
          // Between its run and its due time, on a clock that did not go back, it waits.
          if (jump >= 0 && jump < cadenceMs[cadence])
            expect(isDue(watch, new Date(now))).toBe(false)
        },
      ),
      propertyRuns(500),
    )
  })

  it('runs once after a jump forward, then a whole period after that run', () => {
    const ranAt = new Date('2026-11-01T08:00:00.000Z')
    const watch = { cadence: 'daily' as const, nextDueAt: nextDueAfter(ranAt, 'daily') }
    const later = new Date(ranAt.getTime() + 30 * day)
    expect(isDue(watch, later)).toBe(true)
    const next = { ...watch, nextDueAt: nextDueAfter(later, 'daily') }
    expect(isDue(next, new Date(later.getTime() + day / 2))).toBe(false)
  })
})
