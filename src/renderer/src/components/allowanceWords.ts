import type { ScheduledAllowance } from '../../../shared/bridge/spendingContract'
import { countOf, formatNumber, noun } from '../../../shared/text/counting'

const billedCheck = noun('billed check')

const monthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "June 2026" for `2026-06`: budgets run by calendar month in UTC. */
export const budgetMonthLabel = (month: string): string =>
  monthFormat.format(new Date(`${month}-01T00:00:00.000Z`))

/** This month's use by scheduled re-screens: "12 of 200 billed checks this month". */
export const allowanceUse = ({ optedIn, cap, used }: ScheduledAllowance): string =>
  optedIn && cap !== null
    ? `${formatNumber(used)} of ${countOf(cap, billedCheck)} this month`
    : `${countOf(used, billedCheck)} this month`

/** Whether scheduled re-screens would be refused now for lack of room under the cap. */
export const allowanceSpent = ({ optedIn, cap, used }: ScheduledAllowance): boolean =>
  optedIn && cap !== null && used >= cap
