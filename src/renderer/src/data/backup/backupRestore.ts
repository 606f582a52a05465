import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import type { AppDatabase } from '../database/appDatabase'
import { cutOffPendingAttempts } from '../checks/checkAttempts'
import { withTermsPending } from '../checks/deferredSearchTerms'
import { holdRestoredItems } from '../outbox/outboxRepository'
import { rowsOfEntry, type VerifiedBackup } from './backupReader'

/**
 * What a restore writes of a table's rows where it is not the row as backed up (see backupWriter):
 * checks without their search entries, and, from a backup this computer does not trust, cases
 * marked so (CaseRecord.restoredUntrusted), which the exporter then refuses to sign.
 */
function restoredRows(backup: VerifiedBackup): Partial<Record<string, (row: object) => object>> {
  const { trust } = backup
  if (trust.kind !== 'untrusted') return { checks: withTermsPending }
  const restoredUntrusted: NonNullable<CaseRecord['restoredUntrusted']> = {
    restoredAt: new Date().toISOString(),
    fileName: backup.fileName,
    reason: trust.reason,
  }
  return {
    checks: withTermsPending,
    cases: (row) => ({ ...row, restoredUntrusted }),
  }
}

/**
 * Writes a verified backup's rows into `db`, a new and empty database, which the app uses only
 * once this is done (see stageRestore): a failure or a stop part-way leaves the data in
 * use as it was. Checks come back without their History search entries, which are derived again
 * afterwards (see deferredSearchTerms). Each entry is decompressed and parsed again from the file
 * already held, rather than kept parsed since the check.
 */
export async function restoreBackup(
  db: AppDatabase,
  backup: VerifiedBackup,
  onProgress: (rowsDone: number, rowsTotal: number) => void = () => undefined,
): Promise<void> {
  const total = backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0)
  let done = 0
  // Each entry is inflated and parsed while IndexedDB writes the one before, in a transaction of
  // its own (one transaction would hold the page's work until IndexedDB's was done): two at most
  // are held at a time.
  let writing: Promise<unknown> = Promise.resolve()
  const restoredRow = restoredRows(backup)
  for (const { name, entries } of backup.manifest.tables) {
    const table = db.table(name)
    for (const entry of entries) {
      const read = await rowsOfEntry(backup, entry)
      const restored = restoredRow[name]
      const rows = restored ? read.map(restored) : read
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
  await db.transaction('rw', db.tables, async () => {
    await holdRestoredItems(db, {
      running:
        'This was being sent when the backup was made: it may have gone through. Look for it before sending it again.',
      queued:
        'This was waiting to be sent on the computer the backup was made on, which may still send it. Send it from here only if it will not.',
    })
    await cutOffPendingAttempts(db)
  })
}
