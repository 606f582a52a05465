import type { BackupManifest, BackupSettings } from '../../../../shared/backup/backupFormat'
import type { Actor } from '../../../../shared/identity/investigator'
import { openAppDatabase } from '../database/openAppDatabase'
import type { VerifiedBackup } from './backupReader'
import { restoreBackup } from './backupRestore'
import type { BackupTrust } from './backupTrust'

/**
 * A verified backup as the page sees it: what it holds, and a way to write its rows into a new
 * database, wherever the file is held (in a worker for the app, in process for tests).
 */
export interface RestorableBackup {
  manifest: BackupManifest
  settings: BackupSettings
  rows: Record<string, number>
  trust: BackupTrust
  fileName: string
  /** `restorer`: who restores, required when the backup is restored as untrusted data. */
  writeInto(
    database: string,
    restorer: Actor | undefined,
    onProgress: (done: number, total: number) => void,
  ): Promise<void>
}

/** What of a verified backup crosses from its worker to the page: everything but the file. */
export type BackupSummary = Omit<RestorableBackup, 'writeInto'>

export const summaryOf = ({ manifest, settings, rows, trust, fileName }: VerifiedBackup) => ({
  manifest,
  settings,
  rows,
  trust,
  fileName,
})

/** Writes the rows into the named database in this thread. */
export const writeBackupInto = async (
  backup: VerifiedBackup,
  database: string,
  restorer: Actor | undefined,
  onProgress: (done: number, total: number) => void,
): Promise<void> => {
  const db = openAppDatabase(database)
  try {
    await restoreBackup(db, backup, { restorer, onProgress })
  } finally {
    db.close()
  }
}

/** A backup verified in this thread, restored in this thread. */
export const restorableInProcess = (backup: VerifiedBackup): RestorableBackup => ({
  ...summaryOf(backup),
  writeInto: (database, restorer, onProgress) =>
    writeBackupInto(backup, database, restorer, onProgress),
})
