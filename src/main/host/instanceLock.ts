import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'

const lockSchema = z.object({
  pid: z.number().int(),
  /** Null while the holder is still starting. */
  origin: z.string().nullable(),
})
export type InstanceLock = z.infer<typeof lockSchema>

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

const readLock = async (dataDir: string): Promise<InstanceLock | null> => {
  try {
    return lockSchema.parse(JSON.parse(await readFile(fileOf(dataDir), 'utf8')) as unknown)
  } catch {
    return null
  }
}

/**
 * One running app per data folder: two would share one set of files and two origins. Returns
 * the running instance when there is one; otherwise takes the lock (a lock whose process is gone
 * is taken over) and returns null.
 */
export async function acquireInstanceLock(
  dataDir: string,
  mine: InstanceLock,
): Promise<InstanceLock | null> {
  await mkdir(dataDir, { recursive: true })
  for (;;) {
    try {
      // `wx` creates the file only if it does not exist: of two starts, one wins.
      const file = await open(fileOf(dataDir), 'wx')
      await file.writeFile(JSON.stringify(mine))
      await file.close()
      return null
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = await readLock(dataDir)
    if (holder && holder.pid !== mine.pid && isAlive(holder.pid)) return holder
    await rm(fileOf(dataDir), { force: true })
  }
}

/** Says, for a second start, where this instance serves its pages (once it listens). */
export async function recordInstanceOrigin(dataDir: string, lock: InstanceLock): Promise<void> {
  const partial = `${fileOf(dataDir)}.partial`
  await writeFile(partial, JSON.stringify(lock))
  await rename(partial, fileOf(dataDir))
}

export async function releaseInstanceLock(dataDir: string, pid: number): Promise<void> {
  const holder = await readLock(dataDir)
  if (holder?.pid === pid) await rm(fileOf(dataDir), { force: true })
}
