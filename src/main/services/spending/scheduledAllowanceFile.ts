import { z } from 'zod'
import { budgetMonthSchema, monthlyCapSchema } from '../../../shared/bridge/spendingContract'
import {
  openJsonStateFile,
  type JsonStateFile,
  type JsonStateFileOptions,
} from '../dataFolder/jsonStateFile'

const allowanceStateSchema = z.object({
  version: z.literal(1),
  optedIn: z.boolean(),
  cap: monthlyCapSchema.nullable(),
  month: budgetMonthSchema,
  used: z.number().int().nonnegative(),
})
export type AllowanceState = z.infer<typeof allowanceStateSchema>

export type ScheduledAllowanceFile = JsonStateFile<AllowanceState>

/**
 * The Production allowance for scheduled re-screens, in one small JSON file of the data folder.
 * Nothing readable on disk means opted out with nothing used: money is spent only on a choice the
 * app can still read.
 */
export const openScheduledAllowanceFile = (
  path: string,
  month: string,
  options?: JsonStateFileOptions,
): Promise<ScheduledAllowanceFile> =>
  openJsonStateFile(
    path,
    allowanceStateSchema,
    { version: 1, optedIn: false, cap: null, month, used: 0 },
    options,
  )
