import { describe, expect, it } from 'vitest'
import { budgetMonthOf, nextDueAfter } from './watchSchedule'

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
