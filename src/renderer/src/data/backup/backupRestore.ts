import { nextAuditEntry } from '../../../../shared/cases/auditChain'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import {
  untrustedRestoreChange,
  type UntrustedRestore,
} from '../../../../shared/cases/untrustedRestore'
import type { Actor } from '../../../../shared/identity/investigator'
import type { AppDatabase } from '../database/appDatabase'
import { auditTrailOf } from '../cases/caseReads'
import { cutOffPendingAttempts } from '../checks/checkAttempts'
import { withTermsPending } from '../checks/deferredSearchTerms'
import { holdRestoredItems } from '../outbox/outboxRepository'
import { BackupRefusedError, rowsOfEntry, type VerifiedBackup } from './backupReader'

/** A restore of untrusted data: what its cases' trails record of the backup, and who chose it. */
interface UntrustedRestoreBy {
  restore: UntrustedRestore
  restorer: Actor
}

/** Null for a backup this computer trusts; refused, with nothing written, when no one restores. */
function untrustedRestoreOf(
  { trust, fileName, manifestSha256 }: VerifiedBackup,
  restorer: Actor | undefined,
): UntrustedRestoreBy | null {
  if (trust.kind !== 'untrusted') return null
  if (!restorer) {
    throw new BackupRefusedError(
      'Restoring untrusted data is recorded in the audit trail of each of its cases, in the name of who chose to: say who works on this computer first (Settings, Investigator). Nothing was changed.',
    )
  }
  return { restore: { fileName, manifestSha256, reason: trust.reason }, restorer }
}

/**
 * What a restore writes of a table's rows where it is not the row as backed up (see backupWriter):
 * checks without their search entries, and, from a backup this computer does not trust, cases
 * marked so (CaseRecord.restoredUntrusted), which the exporter then refuses to sign.
 */
function restoredRows(
  untrusted: UntrustedRestoreBy | null,
  restoredAt: string,
): Partial<Record<string, (row: object) => object>> {
  if (!untrusted) return { checks: withTermsPending }
  const restoredUntrusted: NonNullable<CaseRecord['restoredUntrusted']> = {
    restoredAt,
    fileName: untrusted.restore.fileName,
    reason: untrusted.restore.reason,
  }
  return {
    checks: withTermsPending,
    cases: (row) => ({ ...row, restoredUntrusted }),
  }
}

/**
 * Appends to the trail of every case restored from untrusted data the entry that says so, in the
 * name of who chose to restore it: chained after the trail's last entry (verified with the rest of
 * the backup), it is the mark the main side's exporter reads (see untrustedRestore).
 */
async function markUntrustedRestore(
  db: AppDatabase,
  { restore, restorer }: UntrustedRestoreBy,
  at: string,
): Promise<void> {
  const change = untrustedRestoreChange(restore)
  for (const caseId of await db.cases.toCollection().primaryKeys()) {
    const last = await auditTrailOf(db, caseId).last()
    await db.auditEntries.add(nextAuditEntry(caseId, last, change, restorer, at))
  }
}

export interface RestoreOptions {
  /**
   * Who restores (this computer's investigator and key): required for a backup restored as
   * untrusted data, whose cases' trails record that they chose to.
   */
  restorer?: Actor
  onProgress?: (rowsDone: number, rowsTotal: number) => void
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
  { restorer, onProgress = () => undefined }: RestoreOptions = {},
): Promise<void> {
  const untrusted = untrustedRestoreOf(backup, restorer)
  const restoredAt = new Date().toISOString()
  const total = backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0)
  let done = 0
  // Each entry is inflated and parsed while IndexedDB writes the one before, in a transaction of
  // its own (one transaction would hold the page's work until IndexedDB's was done): two at most
  // are held at a time.
  let writing: Promise<unknown> = Promise.resolve()
  const restoredRow = restoredRows(untrusted, restoredAt)
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
    if (untrusted) await markUntrustedRestore(db, untrusted, restoredAt)
  })
}
