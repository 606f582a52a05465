import { join } from 'node:path'
import { z } from 'zod'
import { mainLog } from '../app/mainLog'
import {
  nodeFolderFs,
  replaceFile,
  type FolderFs,
  type OpenFile,
} from '../services/dataFolder/atomicFile'
import { privateFolderMode } from '../services/dataFolder/privateFolder'
import { storageCodeOf } from '../services/dataFolder/storageFailure'

const lockSchema = z.object({
  pid: z.number().int(),
  /** Null while the holder is still starting. */
  origin: z.string().nullable(),
})
export type InstanceLock = z.infer<typeof lockSchema>

/** What a start found when it asked for the data folder's lock. */
export type LockOutcome =
  | { kind: 'taken' }
  /** Another instance runs for this data folder. */
  | { kind: 'running'; holder: InstanceLock }
  /**
   * Storage refused the lock (the folder read-only or not the user's, the disk full), so no
   * instance can write the folder either: this one may start, read-only.
   */
  | { kind: 'unwritable'; error: unknown }

const fileOf = (dataDir: string): string => join(dataDir, 'browser-host.lock')

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The lock as its holder wrote it; null when there is none, or it is not a lock anyone wrote. */
const readLock = async (dataDir: string, fs: FolderFs): Promise<InstanceLock | null> => {
  try {
    return lockSchema.parse(JSON.parse(await fs.readFile(fileOf(dataDir), 'utf8')) as unknown)
  } catch {
    return null
  }
}

/** Creates the lock unless one exists (`wx`: of two starts, one wins); false when one exists. */
async function createLock(dataDir: string, mine: InstanceLock, fs: FolderFs): Promise<boolean> {
  let file: OpenFile
  try {
    file = await fs.open(fileOf(dataDir), 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    await file.writeFile(JSON.stringify(mine))
    await file.close()
    return true
  } catch (error) {
    // A lock that says nothing would only be taken over: it is not left behind.
    await file.close().catch(() => {})
    await fs.rm(fileOf(dataDir), { force: true }).catch(() => {})
    throw error
  }
}

/**
 * One running app per data folder: two would share one set of files and two origins. A lock
 * whose process is gone, or that is not a readable lock, is taken over. When storage refuses the
 * lock, says so instead of failing: no instance can write the folder then.
 */
export async function acquireInstanceLock(
  dataDir: string,
  mine: InstanceLock,
  fs: FolderFs = nodeFolderFs,
): Promise<LockOutcome> {
  try {
    await fs.mkdir(dataDir, { recursive: true, mode: privateFolderMode })
    for (;;) {
      if (await createLock(dataDir, mine, fs)) return { kind: 'taken' }
      const holder = await readLock(dataDir, fs)
      if (holder && holder.pid !== mine.pid && isAlive(holder.pid)) {
        return { kind: 'running', holder }
      }
      await fs.rm(fileOf(dataDir), { force: true })
    }
  } catch (error) {
    if (storageCodeOf(error) === undefined) throw error
    return { kind: 'unwritable', error }
  }
}

/** Says, for a second start, where this instance serves its pages (once it listens). */
export async function recordInstanceOrigin(
  dataDir: string,
  lock: InstanceLock,
  fs: FolderFs = nodeFolderFs,
): Promise<void> {
  await replaceFile(fileOf(dataDir), JSON.stringify(lock), { fs })
}

/**
 * Removes this process's lock as it stops. Never fails: a lock storage would not let go of is
 * said in one line and left, and the next start takes it over once this process is gone.
 */
export async function releaseInstanceLock(
  dataDir: string,
  pid: number,
  fs: FolderFs = nodeFolderFs,
): Promise<void> {
  try {
    const holder = await readLock(dataDir, fs)
    if (holder?.pid === pid) await fs.rm(fileOf(dataDir), { force: true })
  } catch (error) {
    mainLog.warn(
      `the instance lock could not be removed (${storageCodeOf(error) ?? 'unknown error'}); the next start takes it over`,
    )
  }
}
