/**
 * When a watched wallet or case is screened again. Due times are kept on each watch, so a start
 * after a night with the app closed finds what it missed with one indexed read, not a scan.
 */
export const watchCadences = ['daily', 'weekly'] as const
export type WatchCadence = (typeof watchCadences)[number]

const dayMs = 24 * 60 * 60 * 1000

export const cadenceMs: Record<WatchCadence, number> = { daily: dayMs, weekly: 7 * dayMs }

export const cadenceLabels: Record<WatchCadence, string> = { daily: 'Daily', weekly: 'Weekly' }

/**
 * The next due time after a screening at `ranAt`. A run that comes late (the app was closed) is
 * not followed by catch-up runs: the next one is a whole period after it.
 */
export const nextDueAfter = (ranAt: Date, cadence: WatchCadence): string =>
  new Date(ranAt.getTime() + cadenceMs[cadence]).toISOString()

/** The shortest period: a watch due later than this from now ran (or began) after "now". */
export const shortestCadenceMs = Math.min(...watchCadences.map((cadence) => cadenceMs[cadence]))

/**
 * Whether a watch is due at `now`. Its next run follows from its last run and its period; a due
 * time more than a whole period ahead means the clock was set back past that last run, and waiting
 * for it would silence the watch for as long as the clock went back: it runs now, once, and its
 * next run follows from this one.
 */
export const isDue = (watch: { nextDueAt: string; cadence: WatchCadence }, now: Date): boolean => {
  const due = Date.parse(watch.nextDueAt)
  return due <= now.getTime() || due - cadenceMs[watch.cadence] > now.getTime()
}

/** The month a billed screening counts against, `YYYY-MM` in UTC, as budgets are per month. */
export const budgetMonthOf = (at: Date): string => at.toISOString().slice(0, 7)

/** The performance measure of the watch runner's first look for due watches after a start. */
export const watchFirstLookMeasure = 'compliance-desk:watches-first-look'
