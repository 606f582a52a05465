import { z } from 'zod'
import { environmentIdSchema } from '../../../shared/environments'
import {
  bulkCapSchema,
  bulkJobIdSchema,
  jobPurposeSchema,
} from '../../../shared/bridge/spendingContract'
import {
  openJsonStateFile,
  type JsonStateFile,
  type JsonStateFileOptions,
} from '../dataFolder/jsonStateFile'

const jobAllowanceSchema = z.object({
  // Written before re-screens had allowances of their own, when every one was a bulk job's.
  purpose: jobPurposeSchema.default('bulk'),
  environment: environmentIdSchema,
  cap: bulkCapSchema.nullable(),
  used: z.number().int().nonnegative(),
  /** When it was last confirmed or counted; absent in files written before entries were pruned. */
  touchedAt: z.iso.datetime().optional(),
})
export type JobAllowance = z.infer<typeof jobAllowanceSchema>

const bulkAllowancesSchema = z.object({
  version: z.literal(1),
  jobs: z.record(bulkJobIdSchema, jobAllowanceSchema),
})
export type BulkAllowances = z.infer<typeof bulkAllowancesSchema>

export type BulkAllowanceFile = JsonStateFile<BulkAllowances>

/**
 * The confirmed cap and the count of billed checks of every billed bulk job and re-screen a person
 * started, in one small JSON file of the data folder. Nothing readable on disk means no job is
 * allowed anything until a person confirms its cap again.
 */
export const openBulkAllowanceFile = (
  path: string,
  options?: JsonStateFileOptions,
): Promise<BulkAllowanceFile> =>
  openJsonStateFile(path, bulkAllowancesSchema, { version: 1, jobs: {} }, options)
