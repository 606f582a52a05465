import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The data folder holds wallets, raw answers, cases and settings: only its owner may read it.
 * Folders are made 0700 and files 0600 whatever the umask.
 */
export const privateFolderMode = 0o700
export const privateFileMode = 0o600

/** Creates `folder` (and any missing parent) private to its owner. */
export const makePrivateFolder = (folder: string): Promise<unknown> =>
  mkdir(folder, { recursive: true, mode: privateFolderMode })

/**
 * Makes `folder` and everything in it private to its owner: for a folder written by an earlier
 * version, or left open by hand. Links are left alone (what they point at is not ours to change).
 * Windows keeps no such modes: there this does nothing. Returns the paths that could not be
 * changed (another owner's), so the caller can say so.
 */
export async function makeFolderPrivate(folder: string): Promise<string[]> {
  if (process.platform === 'win32') return []
  const refused: string[] = []
  const restrict = async (path: string, mode: number): Promise<void> => {
    await chmod(path, mode).catch(() => refused.push(path))
  }
  const walk = async (dir: string): Promise<void> => {
    await restrict(dir, privateFolderMode)
    for (const name of await readdir(dir).catch(() => [])) {
      const path = join(dir, name)
      const entry = await lstat(path).catch(() => null)
      if (entry?.isDirectory()) await walk(path)
      else if (entry?.isFile()) await restrict(path, privateFileMode)
    }
  }
  await walk(folder)
  return refused
}
