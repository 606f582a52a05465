import { onAppDatabase, type AppDatabase } from '../database/appDatabase'
import { cutOffPendingAttempts } from '../checks/checkAttempts'
import { interruptRunning } from '../outbox/outboxRepository'
import { rowsOfEntry, type VerifiedBackup } from './backupReader'

/**
 * Replaces every table's rows with a verified backup's, in one transaction: if anything fails
 * or the app stops mid-way, IndexedDB keeps the data it had. Each entry is decompressed and
 * parsed again from the file already held, one at a time, rather than kept parsed since the
 * check.
 */
export async function restoreBackup(
  db: AppDatabase,
  backup: VerifiedBackup,
  onProgress: (rowsDone: number, rowsTotal: number) => void = () => undefined,
): Promise<void> {
  const total = backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0)
  let done = 0
  await db.transaction('rw', db.tables, async () => {
    for (const table of db.tables) await table.clear()
    for (const { name, entries } of backup.manifest.tables) {
      const table = db.table(name)
      for (const entry of entries) {
        await table.bulkAdd(rowsOfEntry(backup, entry))
        done += entry.rows
        onProgress(done, total)
      }
    }
    // Work that was being sent when the backup was made may have gone through from the computer
    // that made it: like work a crash cut off, it is never sent again without the user's say.
    await interruptRunning(
      db,
      'This was being sent when the backup was made: it may have gone through. Look for it before sending it again.',
    )
    await cutOffPendingAttempts(db)
  })
}

export const backupRestore = onAppDatabase({ restoreBackup })
