import { z } from 'zod'
import { backupSettingsSchema, backupTableNameSchema } from '../backup/backupFormat'
import { defineMethod } from './defineMethod'
import { exportDeliverySchema } from './evidenceContract'
import { settingsViewSchema } from './settingsContract'

const backupIdSchema = z.uuid()

/**
 * Rows travel as NDJSON text, a chunk per call: a string is checked in one step, where a schema
 * per row would cost more than writing it. The renderer keeps chunks well under this, so a call
 * stays under the browser host's body limit even once JSON-escaped.
 */
export const maxBackupChunkChars = 6 * 1024 * 1024

export const backupContract = {
  /** Asks where to save (Electron) and opens the file; cancelling the dialog is a CancelledError. */
  'backup.begin': defineMethod(
    z.strictObject({
      schemaVersion: z.number().int().positive(),
      tables: z.array(backupTableNameSchema).min(1),
    }),
    z.object({ backupId: backupIdSchema }),
  ),
  /** One chunk of a table's rows, one JSON row a line; the answer counts the rows written. */
  'backup.addEntry': defineMethod(
    z.strictObject({
      backupId: backupIdSchema,
      table: backupTableNameSchema,
      ndjson: z.string().min(1).max(maxBackupChunkChars),
    }),
    z.object({ rows: z.number().int().nonnegative() }),
  ),
  /** Adds the main side's settings (never a key) and the manifest, then delivers the file. */
  'backup.finish': defineMethod(
    z.strictObject({ backupId: backupIdSchema }),
    z.object({
      delivery: exportDeliverySchema,
      fileName: z.string(),
      bytes: z.number().int().nonnegative(),
      sha256: z.string(),
      tables: z.array(z.object({ name: z.string(), rows: z.number().int().nonnegative() })),
    }),
  ),
  'backup.abort': defineMethod(
    z.strictObject({ backupId: backupIdSchema }),
    z.object({ aborted: z.boolean() }),
  ),
  /** Puts a backup's addresses and active environment in place; keys are not in a backup. */
  'backup.restoreSettings': defineMethod(
    z.strictObject({ settings: backupSettingsSchema }),
    settingsViewSchema,
  ),
}
