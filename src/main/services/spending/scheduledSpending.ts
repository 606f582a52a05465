import { bridgeErrorNames } from '../../../shared/bridge/errors'
import type { CheckPurpose } from '../../../shared/bridge/cryptoContract'
import type {
  ScheduledAllowance,
  ScheduledAllowanceChange,
} from '../../../shared/bridge/spendingContract'
import {
  environmentLabels,
  isBilledEnvironment,
  type EnvironmentId,
} from '../../../shared/environments'
import { countOf, noun } from '../../../shared/text/counting'
import { budgetMonthOf } from '../../../shared/watch/watchSchedule'
import type { AttemptJournal } from '../journal/requestJournal'
import { ServiceError } from '../serviceError'
import {
  openScheduledAllowanceFile,
  type AllowanceState,
  type ScheduledAllowanceFile,
} from './scheduledAllowanceFile'

/** Wraps a request's attempt journal so the check is counted before it first goes on the wire. */
export type CountAttempts = (journal: AttemptJournal) => AttemptJournal

export interface ScheduledSpending {
  view(): ScheduledAllowance
  set(change: ScheduledAllowanceChange): Promise<ScheduledAllowance>
  /**
   * Sends one check if it may be billed for its purpose, else throws a refusal before anything is
   * queued. A scheduled check in a billed environment needs the opt-in and room under the cap
   * (counting those already on their way); it is counted, on disk, just before its first attempt
   * goes on the wire, and the count is given back when the service provably did not act on it.
   */
  send<T>(
    check: { purpose: CheckPurpose; environment: EnvironmentId },
    work: (count: CountAttempts) => Promise<T>,
  ): Promise<T>
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

const notCounted = (): ServiceError =>
  new ServiceError(
    bridgeErrorNames.internal,
    'Nothing was sent: Compliance Desk could not write its count of scheduled billed checks to its data folder. Check that the folder is writable and has space.',
    { mayHaveReachedService: false },
  )

/** Only an answer that says nothing was done, or no attempt at all, gives a counted check back. */
const provablyNotActedOn = (error: unknown): boolean =>
  error instanceof ServiceError && !error.mayHaveReachedService

/**
 * The one place that decides whether a billed check may be sent for scheduled work, and keeps
 * the count of those sent in the current calendar month (UTC, as `budgetMonthOf`: the count is
 * the same wherever the computer travels). Manual searches, re-screens and bulk jobs are not
 * counted here: each is confirmed by a person when it is started.
 */
export async function openScheduledSpending(
  path: string,
  {
    now = () => new Date(),
    onRecovered,
  }: {
    /** The clock that says which month it is. */
    now?: () => Date
    /** Told where an unreadable file was moved to. */
    onRecovered?: (movedTo: string) => void
  } = {},
): Promise<ScheduledSpending> {
  const file: ScheduledAllowanceFile = await openScheduledAllowanceFile(
    path,
    budgetMonthOf(now()),
    onRecovered,
  )
  let state = file.initial
  /** Admitted checks waiting in the rate limiter: counted against the cap, not yet spent. */
  let waiting = 0

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

  const admit = (environment: EnvironmentId): void => {
    const allowance = current()
    if (!allowance.optedIn || allowance.cap === null) throw notOptedIn(environment)
    if (allowance.used + waiting >= allowance.cap) {
      throw budgetReached({ ...allowance, cap: allowance.cap })
    }
  }

  return {
    view: () => viewOf(current()),
    set: async (change) => {
      const next: AllowanceState = change.optedIn
        ? { ...current(), optedIn: true, cap: change.cap }
        : { ...current(), optedIn: false }
      // On disk before it counts: an opt-in the app might forget is not yet an opt-in.
      await file.write(next)
      state = next
      return viewOf(next)
    },
    send: async ({ purpose, environment }, work) => {
      if (purpose !== 'watch' || !isBilledEnvironment(environment))
        return work((journal) => journal)
      admit(environment)
      waiting += 1
      let waits = true
      const stopWaiting = (): void => {
        if (waits) waiting -= 1
        waits = false
      }
      let spentIn: string | undefined
      const counting: CountAttempts = (journal) => ({
        beforeAttempt: async (attempt) => {
          if (spentIn === undefined) {
            stopWaiting()
            const before = current()
            spentIn = before.month
            await count({ ...before, used: before.used + 1 }).catch(() => {
              throw notCounted()
            })
          }
          await journal.beforeAttempt(attempt)
        },
        notSent: (attempt) => journal.notSent(attempt),
      })
      try {
        return await work(counting)
      } catch (error) {
        const after = current()
        if (spentIn === after.month && provablyNotActedOn(error)) {
          // Not given back on disk, the check stays counted: the safe side of a budget.
          await count({ ...after, used: Math.max(0, after.used - 1) }).catch(() => {})
        }
        throw error
      } finally {
        stopWaiting()
      }
    },
  }
}
