import { dirname } from 'node:path'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import type {
  ScheduledAllowance,
  ScheduledAllowanceChange,
} from '../../../shared/bridge/spendingContract'
import { environmentLabels, type EnvironmentId } from '../../../shared/environments'
import { countOf, noun } from '../../../shared/text/counting'
import { budgetMonthOf } from '../../../shared/watch/watchSchedule'
import type { JsonStateFileOptions } from '../dataFolder/jsonStateFile'
import { notSavedFailure, notSentFailure } from '../dataFolder/storageFailure'
import { ServiceError } from '../serviceError'
import type { CheckLedger } from './countedSend'
import {
  openScheduledAllowanceFile,
  type AllowanceState,
  type ScheduledAllowanceFile,
} from './scheduledAllowanceFile'

export interface ScheduledAllowanceService {
  view(): ScheduledAllowance
  set(change: ScheduledAllowanceChange): Promise<ScheduledAllowance>
  /**
   * A scheduled check's account in a billed environment: it needs the opt-in and room under this
   * month's cap; it counts in the month it went on the wire and is given back only to that month.
   */
  ledger(environment: EnvironmentId): CheckLedger
}

const where = 'Settings → Scheduled re-screens in Production'

/** The first day of `month` plus `ahead` months, in words: `2026-06`, 1 → "1 July 2026". */
const firstDayOf = (month: string, ahead: number, parts: Intl.DateTimeFormatOptions): string => {
  const [year, index] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, index - 1 + ahead, 1)).toLocaleDateString('en-GB', {
    ...parts,
    timeZone: 'UTC',
  })
}

const notOptedIn = (environment: EnvironmentId): ServiceError =>
  new ServiceError(
    bridgeErrorNames.notOptedIn,
    `Nothing was sent: scheduled re-screens in ${environmentLabels[environment]} are billed, and run only after you opt in with a monthly cap. Opt in under ${where}, or re-screen by hand.`,
    { mayHaveReachedService: false },
  )

const budgetReached = (state: AllowanceState & { cap: number }): ServiceError =>
  new ServiceError(
    bridgeErrorNames.budgetReached,
    `Nothing was sent: scheduled re-screens have spent this month’s cap of ${countOf(state.cap, noun('billed check'))} (${state.used} sent in ${firstDayOf(state.month, 0, { month: 'long', year: 'numeric' })}, UTC). Raise the cap under ${where}, or wait for the count to start again on ${firstDayOf(state.month, 1, { day: 'numeric', month: 'long' })} (UTC).`,
    { mayHaveReachedService: false },
  )

/**
 * What scheduled work may spend in a billed environment, and the count of checks it sent in the
 * current calendar month (UTC, as `budgetMonthOf`: the count is the same wherever the computer
 * travels). Decisions are made through `openSpending`, which sends every check.
 */
export async function openScheduledAllowance(
  path: string,
  {
    now = () => new Date(),
    ...fileOptions
  }: {
    /** The clock that says which month it is. */
    now?: (() => Date) | undefined
  } & JsonStateFileOptions = {},
): Promise<ScheduledAllowanceService> {
  const file: ScheduledAllowanceFile = await openScheduledAllowanceFile(
    path,
    budgetMonthOf(now()),
    fileOptions,
  )
  let state = file.initial

  /** The state as of now: a new month starts from nothing; a clock set back never undoes a count. */
  const current = (): AllowanceState => {
    const month = budgetMonthOf(now())
    return month > state.month ? { ...state, month, used: 0 } : state
  }
  const viewOf = ({ optedIn, cap, used, month }: AllowanceState): ScheduledAllowance => ({
    optedIn,
    cap,
    used,
    month,
  })
  // The count changes in memory first, so checks admitted meanwhile see it; then reaches the disk.
  const count = (next: AllowanceState): Promise<void> => {
    state = next
    return file.write(next)
  }

  return {
    view: () => viewOf(current()),
    set: async (change) => {
      const next: AllowanceState = change.optedIn
        ? { ...current(), optedIn: true, cap: change.cap }
        : { ...current(), optedIn: false }
      // On disk before it counts: an opt-in the app might forget is not yet an opt-in.
      await file.write(next).catch((error: unknown) => {
        throw notSavedFailure(dirname(path), error)
      })
      state = next
      return viewOf(next)
    },
    ledger: (environment) => {
      let spentIn: string | undefined
      return {
        key: 'scheduled',
        admit: (waiting) => {
          const allowance = current()
          if (!allowance.optedIn || allowance.cap === null) throw notOptedIn(environment)
          if (allowance.used + waiting >= allowance.cap) {
            throw budgetReached({ ...allowance, cap: allowance.cap })
          }
        },
        spend: () => {
          const before = current()
          spentIn = before.month
          return count({ ...before, used: before.used + 1 }).catch((error: unknown) => {
            throw notSentFailure(dirname(path), error, 'this check')
          })
        },
        giveBack: async () => {
          const after = current()
          if (spentIn === after.month) await count({ ...after, used: Math.max(0, after.used - 1) })
        },
      }
    },
  }
}
