import { Dexie } from 'dexie'
import { onAppDatabase, type AppDatabase } from '../database/appDatabase'
import { cutOffPendingAttempts } from '../checks/checkAttempts'
import { interruptRunning } from '../outbox/outboxRepository'
import { rowsOfEntry, type VerifiedBackup } from './backupReader'

/**
 * Replaces every table's rows with a verified backup's, in one transaction: if anything fails
 * or the app stops mid-way, IndexedDB keeps the data it had. Each entry is decompressed and
 * parsed again from the file already held, rather than kept parsed since the check.
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
    // Each entry is inflated and parsed while IndexedDB writes the one before: two at most are
    // held at a time.
    let writing: Promise<unknown> = Promise.resolve()
    for (const { name, entries } of backup.manifest.tables) {
      const table = db.table(name)
      for (const entry of entries) {
        // Inflating is not IndexedDB's work: waitFor keeps the transaction open meanwhile.
        const rows = await Dexie.waitFor(rowsOfEntry(backup, entry))
        await writing
        writing = table.bulkAdd(rows).then(() => {
          done += entry.rows
          onProgress(done, total)
        })
        // Its failure is reported by the next wait for it, not as an unhandled rejection meanwhile.
        writing.catch(() => undefined)
      }
    }
    await writing
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
