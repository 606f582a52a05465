import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { nodeFolderFs, type FolderFs } from '../main/services/dataFolder/atomicFile'

/** An error as Node's file system raises it when storage refuses (ENOSPC, EROFS, EACCES…). */
export const refusedBy = (code: string, syscall: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${code}: refused by storage, ${syscall}`), { code, syscall })

/** What storage refuses, by code, at the moment: set a field to start refusing, clear it to stop. */
export interface StorageRefusals {
  /** Bytes written to any file opened through the file system. */
  writes?: string | undefined
  /** Files removed. */
  removals?: string | undefined
}

const refused = (code: string | undefined, syscall: string): Promise<never> | undefined =>
  code === undefined ? undefined : Promise.reject(refusedBy(code, syscall))

/**
 * Node's file system, refusing what `refusals` names when it is asked: a disk that fills up, or a
 * folder that stops being writable, as a test run as root cannot make one with permissions.
 */
export function refusingFs(refusals: StorageRefusals): FolderFs {
  return {
    ...nodeFolderFs,
    open: async (path, flags, mode) => {
      const file = await nodeFolderFs.open(path, flags, mode)
      return {
        writeFile: (data) => refused(refusals.writes, 'write') ?? file.writeFile(data),
        appendFile: (data) => refused(refusals.writes, 'write') ?? file.appendFile(data),
        sync: () => file.sync(),
        close: () => file.close(),
      }
    },
    rm: (path, options) => refused(refusals.removals, 'rm') ?? nodeFolderFs.rm(path, options),
  }
}

/**
 * Puts a folder with something in it at `path`, in place of whatever was there: storage then
 * refuses to replace it (a rename over it fails with EISDIR), as it does for root too. Returns
 * how to take the folder away again.
 */
export function blockReplacing(path: string): () => void {
  rmSync(path, { force: true })
  mkdirSync(path)
  writeFileSync(join(path, 'kept'), 'kept')
  return () => rmSync(path, { recursive: true })
}
