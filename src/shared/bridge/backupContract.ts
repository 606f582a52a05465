import { z } from 'zod'
import { backupBounds, backupTableNameSchema } from '../backup/backupFormat'
import { pendingRestoreSchema, restoreIdSchema } from '../backup/pendingRestore'
import { defineMethod } from './defineMethod'
import { exportDeliverySchema } from './evidenceContract'
import { settingsViewSchema } from './settingsContract'

const backupIdSchema = z.uuid()

/**
 * Rows travel as NDJSON, a chunk per call, compressed with raw DEFLATE by the renderer and sent
 * as base64. Sent as text, the rows were some forty times the bytes, and carrying and parsing
 * them took most of a backup's time. A string is checked in one step, where a schema per row
 * would cost more than writing it. A chunk may hold at most `maxBackupChunkBytes` once inflated,
 * which the renderer keeps well under; the browser host reads no more than its base64 and the
 * ids around it.
 */
export const maxBackupChunkBytes = backupBounds.entryBytes
const maxDeflatedChunkChars = 15 * 1024 * 1024

export const backupContract = {
  /** Asks where to save (Electron) and opens the file; cancelling the dialog is a CancelledError. */
  'backup.begin': defineMethod(
    z.strictObject({
      schemaVersion: z.number().int().positive(),
      tables: z.array(backupTableNameSchema).min(1),
    }),
    z.object({ backupId: backupIdSchema }),
  ),
  /**
   * One chunk of a table's rows, one JSON row a line in UTF-8, raw DEFLATE in base64 (as a ZIP
   * entry holds it); the answer counts the rows written.
   */
  'backup.addEntry': defineMethod(
    z.strictObject({
      backupId: backupIdSchema,
      table: backupTableNameSchema,
      deflated: z.base64().min(1).max(maxDeflatedChunkChars),
    }),
    z.object({ rows: z.number().int().nonnegative() }),
    { maxInputBytes: maxDeflatedChunkChars + 1024 },
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
  /**
   * Records a restore's settings, and the database it wrote, before the app switches to that
   * database (see pendingRestore): until `backup.finishRestore`, every start can tell which part
   * came back. Storage refusing it is a StorageError, and the app then keeps its data as it was.
   */
  'backup.stageRestore': defineMethod(
    pendingRestoreSchema,
    z.object({ restoreId: restoreIdSchema }),
    // The chosen settings include the trusted signers, a few hundred bytes each.
    { maxInputBytes: 256 * 1024 },
  ),
  /** The restore recorded and not yet finished or discarded, if any. */
  'backup.pendingRestore': defineMethod(
    z.strictObject({}),
    z.object({ pending: pendingRestoreSchema.nullable() }),
  ),
  /**
   * Puts the recorded restore's addresses, active environment, investigator, trusted signers and
   * choice of notifications in place (keys are not in a backup), then forgets it. Safe to ask
   * again after a stop part-way: each setting is set, not added.
   */
  'backup.finishRestore': defineMethod(
    z.strictObject({ restoreId: restoreIdSchema }),
    settingsViewSchema,
  ),
  /** Forgets the recorded restore, leaving the settings here as they are. */
  'backup.discardRestore': defineMethod(
    z.strictObject({ restoreId: restoreIdSchema }),
    z.object({ discarded: z.boolean() }),
  ),
}
