import { z } from 'zod'
import { environmentIdSchema } from '../environments'
import { defineMethod } from './defineMethod'

/**
 * The most billed checks a month that scheduled re-screens may be allowed: far above any watch
 * list a person keeps (a daily case of 300 wallets), low enough that a slip of the keyboard
 * (an extra zero or three) is refused rather than spent.
 */
export const maxMonthlyCap = 10_000

export const monthlyCapSchema = z
  .number('must be a number of checks')
  .int('must be a whole number of checks')
  .min(1, 'must be at least 1 check')
  .max(maxMonthlyCap, `must be at most ${maxMonthlyCap.toLocaleString('en-GB')} checks a month`)

/** A calendar month in UTC, `YYYY-MM`: the count of billed checks starts again on the 1st, 00:00 UTC. */
export const budgetMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)

/**
 * What scheduled re-screens (watches) may spend in Production, as the main side keeps it. The count
 * stays when the user opts out and back in within a month: spent is spent.
 */
export const scheduledAllowanceSchema = z.object({
  optedIn: z.boolean(),
  /** The monthly cap last chosen; kept after opting out so opting in again can offer it. */
  cap: monthlyCapSchema.nullable(),
  /** Billed checks scheduled re-screens put on the wire in `month`. */
  used: z.number().int().nonnegative(),
  month: budgetMonthSchema,
})
export type ScheduledAllowance = z.infer<typeof scheduledAllowanceSchema>

/** Opting in is a deliberate act with a cap; opting out needs nothing. */
export const scheduledAllowanceChangeSchema = z.discriminatedUnion('optedIn', [
  z.strictObject({ optedIn: z.literal(true), cap: monthlyCapSchema }),
  z.strictObject({ optedIn: z.literal(false) }),
])
export type ScheduledAllowanceChange = z.infer<typeof scheduledAllowanceChangeSchema>

/**
 * The most billed checks one bulk job may be allowed: more than the longest list a person screens
 * in one go, low enough that a slip of the keyboard is refused rather than spent.
 */
export const maxBulkCap = 100_000

export const bulkCapSchema = z
  .number('must be a number of checks')
  .int('must be a whole number of checks')
  .min(1, 'must be at least 1 check')
  .max(maxBulkCap, `must be at most ${maxBulkCap.toLocaleString('en-GB')} checks`)

/** A bulk job's or a re-screen's id, as the renderer chose it (a UUID today; any short id will do). */
export const bulkJobIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')

/**
 * Whose checks a job's allowance counts: a bulk job's rows (`bulk`) or a re-screen a person
 * started (`rescreen`). A check is counted only against an allowance of its own purpose, so a
 * re-screen cannot spend what was confirmed for a bulk job, nor the reverse.
 */
export const jobPurposeSchema = z.enum(['bulk', 'rescreen'])
export type JobPurpose = z.infer<typeof jobPurposeSchema>

/**
 * What a person confirmed for a billed bulk job or re-screen: registered when it starts and again
 * when its cap is raised. `cap: null` is a job confirmed with no cap (the confirmation still has
 * to be on record: a billed check of a job the main side does not know is refused).
 */
export const bulkJobAllowanceChangeSchema = z.strictObject({
  jobId: bulkJobIdSchema,
  purpose: jobPurposeSchema,
  environment: environmentIdSchema,
  cap: bulkCapSchema.nullable(),
})
export type BulkJobAllowanceChange = z.infer<typeof bulkJobAllowanceChangeSchema>

/** A job's allowance as the main side keeps it: `used` billed checks it put on the wire. */
export const bulkJobAllowanceSchema = z.object({
  jobId: bulkJobIdSchema,
  cap: bulkCapSchema.nullable(),
  used: z.number().int().nonnegative(),
})
export type BulkJobAllowance = z.infer<typeof bulkJobAllowanceSchema>

export const spendingContract = {
  'spending.scheduledAllowance': defineMethod(z.strictObject({}), scheduledAllowanceSchema),
  'spending.setScheduledAllowance': defineMethod(
    scheduledAllowanceChangeSchema,
    scheduledAllowanceSchema,
  ),
  'spending.allowJob': defineMethod(bulkJobAllowanceChangeSchema, bulkJobAllowanceSchema),
}
