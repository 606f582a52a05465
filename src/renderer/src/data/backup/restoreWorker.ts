import { openAppDatabase } from '../database/openAppDatabase'
import {
  BackupRefusedError,
  BackupUntrustedError,
  verifyBackup,
  type VerifiedBackup,
} from './backupReader'
import { summaryOf, writeBackupInto } from './restorableBackup'
import type { RestoreReply, RestoreRequest } from './restoreInWorker'

/**
 * Verifies and restores a backup off the page's thread: the file is read an entry at a time,
 * inflated, hashed and every row checked here, and written into the new database from here, so neither a large backup
 * nor a hostile one holds the page. One backup at a time: a new one replaces the last.
 */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<RestoreRequest>) => void) | null
  postMessage(reply: RestoreReply): void
}

let held: VerifiedBackup | undefined

const failure = (id: number, error: unknown): RestoreReply => ({
  id,
  kind: 'failed',
  message: error instanceof Error ? error.message : String(error),
  refused: error instanceof BackupRefusedError,
  ...(error instanceof BackupUntrustedError ? { untrusted: error.trust } : {}),
})

async function verify(request: Extract<RestoreRequest, { kind: 'verify' }>): Promise<RestoreReply> {
  held = undefined
  const { file } = request
  // The file is kept as chosen, never read whole: entries are read from it one at a time.
  held = await verifyBackup(openAppDatabase(request.database), file, {
    known: request.known,
    allowUntrusted: request.allowUntrusted,
    fileName: file.name,
  })
  return { id: request.id, kind: 'verified', summary: summaryOf(held) }
}

async function write(request: Extract<RestoreRequest, { kind: 'write' }>): Promise<RestoreReply> {
  const backup = held ?? failWith('The backup to restore is no longer held; choose the file again.')
  await writeBackupInto(backup, request.database, request.restorer, (done, total) =>
    scope.postMessage({ id: request.id, kind: 'progress', done, total }),
  )
  return { id: request.id, kind: 'written' }
}

const failWith = (message: string): never => {
  throw new Error(message)
}

scope.onmessage = ({ data }) => {
  if (data.kind === 'release') {
    held = undefined
    return
  }
  const work = data.kind === 'verify' ? verify(data) : write(data)
  work.then(
    (reply) => scope.postMessage(reply),
    (error: unknown) => scope.postMessage(failure(data.id, error)),
  )
}
