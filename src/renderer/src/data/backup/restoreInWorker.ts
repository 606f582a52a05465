import type { Actor } from '../../../../shared/identity/investigator'
import { databaseName } from '../database/appDatabase'
import { BackupRefusedError, BackupUntrustedError } from './backupReader'
import type { BackupTrust, KnownSigners } from './backupTrust'
import type { BackupSummary, RestorableBackup } from './restorableBackup'

export type RestoreRequest =
  | {
      id: number
      kind: 'verify'
      file: File
      known: KnownSigners
      allowUntrusted: boolean
      /** The page's database, whose tables the backup must hold. */
      database: string
    }
  | { id: number; kind: 'write'; database: string; restorer: Actor | undefined }
  | { id: number; kind: 'release' }

export type RestoreReply =
  | { id: number; kind: 'verified'; summary: BackupSummary }
  | { id: number; kind: 'progress'; done: number; total: number }
  | { id: number; kind: 'written' }
  | {
      id: number
      kind: 'failed'
      message: string
      refused: boolean
      untrusted?: Extract<BackupTrust, { kind: 'untrusted' }>
    }

let worker: Worker | undefined
let nextId = 0

const workerOf = (): Worker =>
  (worker ??= new Worker(new URL('./restoreWorker.ts', import.meta.url), {
    type: 'module',
    name: 'backup-restore',
  }))

/** Sends one request and resolves with its final reply; progress replies go to `onProgress`. */
type Asked<T> = T extends { kind: 'verify' | 'write' } ? Omit<T, 'id'> : never

function ask(
  request: Asked<RestoreRequest>,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<RestoreReply> {
  const running = workerOf()
  const id = nextId
  nextId += 1
  return new Promise((resolve, reject) => {
    const onMessage = ({ data }: MessageEvent<RestoreReply>) => {
      if (data.id !== id) return
      if (data.kind === 'progress') return onProgress(data.done, data.total)
      running.removeEventListener('message', onMessage)
      running.removeEventListener('error', onError)
      if (data.kind !== 'failed') return resolve(data)
      if (data.untrusted) return reject(new BackupUntrustedError(data.untrusted))
      reject(data.refused ? new BackupRefusedError(data.message) : new Error(data.message))
    }
    const onError = (event: ErrorEvent) => {
      // A worker that failed answers nothing more: the next restore starts another.
      running.terminate()
      if (worker === running) worker = undefined
      reject(new Error(`the restore's worker failed (${event.message || 'no reason given'})`))
    }
    running.addEventListener('message', onMessage)
    running.addEventListener('error', onError)
    running.postMessage({ ...request, id })
  })
}

/**
 * Verifies `file` in a worker of its own (see restoreWorker), which keeps it to write its rows
 * when the page asks: the page holds only what the backup says of itself.
 */
export async function verifyInWorker(
  file: File,
  known: KnownSigners,
  allowUntrusted: boolean,
): Promise<RestorableBackup> {
  const reply = await ask({ kind: 'verify', file, known, allowUntrusted, database: databaseName })
  if (reply.kind !== 'verified') throw new Error('the restore worker answered out of turn')
  return {
    ...reply.summary,
    writeInto: async (database, restorer, onProgress) => {
      await ask({ kind: 'write', database, restorer }, onProgress)
    },
  }
}

/** Lets the worker drop the file it holds (the restore was given up or is done). */
export const releaseWorkerBackup = (): void => {
  worker?.postMessage({ id: -1, kind: 'release' } satisfies RestoreRequest)
}
