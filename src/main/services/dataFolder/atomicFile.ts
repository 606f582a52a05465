import { randomBytes } from 'node:crypto'
import * as nodeFs from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** An open file, as far as the data folder's writers use one. */
export interface OpenFile {
  writeFile(data: string | Uint8Array): Promise<void>
  appendFile(data: string): Promise<void>
  sync(): Promise<void>
  close(): Promise<void>
}

/**
 * The file operations the main side writes its files with: Node's, or in tests one that fails the
 * way a full or read-only disk does (tests run as root, whom permissions do not stop).
 */
export interface FolderFs {
  open(path: string, flags: string, mode?: number): Promise<OpenFile>
  readFile(path: string, encoding: 'utf8'): Promise<string>
  rename(from: string, to: string): Promise<void>
  rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void>
  mkdir(path: string, options: { recursive: true; mode?: number }): Promise<unknown>
}

export const nodeFolderFs: FolderFs = nodeFs

/** Writes `bytes` (when given) to the file at `path` and syncs it, closing it whatever happens. */
async function writeSynced(
  path: string,
  flags: string,
  fs: FolderFs,
  bytes?: string | Uint8Array,
  mode?: number,
): Promise<void> {
  const handle = await fs.open(path, flags, mode)
  try {
    if (bytes !== undefined) await handle.writeFile(bytes)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Makes a rename durable where the platform lets a folder be synced (not on Windows). */
async function syncFolder(folder: string, fs: FolderFs): Promise<void> {
  // The file itself is synced; a folder that cannot be synced leaves the rename to the OS.
  await writeSynced(folder, 'r', fs).catch(() => {})
}

/**
 * Renames `finished` over `path` once `finish` has made it whole, then syncs the folder. On any
 * failure `finished` is removed, so nothing is left beside `path`; the failure is rethrown.
 */
async function putInPlace(
  finished: string,
  path: string,
  fs: FolderFs,
  finish: () => Promise<void>,
): Promise<void> {
  try {
    await finish()
    await fs.rename(finished, path)
  } catch (error) {
    // The failure itself is what the caller needs to hear, not a failed clean-up.
    await fs.rm(finished, { force: true }).catch(() => {})
    throw error
  }
  await syncFolder(dirname(path), fs)
}

/**
 * Puts a file written elsewhere (a streamed bundle) at `path` in one step: synced, renamed over
 * whatever was there, the folder synced. A crash leaves the old file or the new one, never half
 * of one; a failure leaves neither `finished` nor anything new at `path`.
 */
export const moveIntoPlace = (
  finished: string,
  path: string,
  fs: FolderFs = nodeFolderFs,
): Promise<void> => putInPlace(finished, path, fs, () => writeSynced(finished, 'r+', fs))

/** The name `replaceFile` writes beside `path` before moving it into place. */
const temporaryOf = (path: string): string => `${path}.${randomBytes(6).toString('hex')}.tmp`
const temporaryName = /\.[0-9a-f]{12}\.tmp$/

/**
 * Removes the temporary files a process that stopped mid-write (killed, or the computer off) left
 * in `folder`: call only while no other process of the app writes there (at start, once the
 * instance is ours). Returns their names.
 */
export async function removeUnfinishedWrites(folder: string): Promise<string[]> {
  const names = (await nodeFs.readdir(folder).catch(() => [])).filter((name) =>
    temporaryName.test(name),
  )
  for (const name of names) await nodeFs.rm(join(folder, name), { force: true })
  return names
}

/**
 * Replaces the file at `path` with `bytes` atomically: written and synced beside it under a name
 * of its own (so two writers never share one), then moved into place. Private to its owner
 * (0600) unless told otherwise. On any failure no temporary file is left behind.
 */
export function replaceFile(
  path: string,
  bytes: string | Uint8Array,
  { mode = 0o600, fs = nodeFolderFs }: { mode?: number; fs?: FolderFs } = {},
): Promise<void> {
  const temporary = temporaryOf(path)
  return putInPlace(temporary, path, fs, () => writeSynced(temporary, 'wx', fs, bytes, mode))
}
