import { join } from 'node:path'
import { z } from 'zod'
import { pendingRestoreSchema, type PendingRestore } from '../../../shared/backup/pendingRestore'
import { openJsonStateFile, type JsonStateFileOptions } from '../dataFolder/jsonStateFile'

const pendingRestoreStateSchema = z.object({
  version: z.literal(1),
  pending: pendingRestoreSchema.nullable(),
})

export interface PendingRestoreFile {
  /** The restore recorded and not finished or discarded; null when there is none. */
  read(): PendingRestore | null
  /**
   * Resolves once `pending` (null: none) is on disk, and only then reads back; rejects with
   * storage's own error, what was recorded before staying recorded.
   */
  write(pending: PendingRestore | null): Promise<void>
}

/**
 * `pending-restore.json` in the data folder, replaced whole (see openJsonStateFile): a crash
 * leaves the restore recorded or not, never half of it.
 */
export async function openPendingRestoreFile(
  dataDir: string,
  options: JsonStateFileOptions = {},
): Promise<PendingRestoreFile> {
  const file = await openJsonStateFile(
    join(dataDir, 'pending-restore.json'),
    pendingRestoreStateSchema,
    { version: 1, pending: null },
    options,
  )
  let current = file.initial.pending
  return {
    read: () => current,
    write: async (pending) => {
      await file.write({ version: 1, pending })
      current = pending
    },
  }
}
