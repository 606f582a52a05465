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

/** The month a billed screening counts against, `YYYY-MM` in UTC, as budgets are per month. */
export const budgetMonthOf = (at: Date): string => at.toISOString().slice(0, 7)

/** The performance measure of the watch runner's first look for due watches after a start. */
export const watchFirstLookMeasure = 'compliance-desk:watches-first-look'
