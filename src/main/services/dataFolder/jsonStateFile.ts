import { mkdir, open, readFile, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { z } from 'zod'

export interface JsonStateFile<T> {
  /** What was on disk when opened, or `fresh` when there was nothing readable. */
  readonly initial: T
  /** Resolves once the state is on disk; writes are applied in the order they were asked for. */
  write(state: T): Promise<void>
}

/** Makes a rename durable where the platform lets a folder be synced (not on Windows). */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // The file itself is synced; a folder that cannot be synced leaves the rename to the OS.
  }
}

/**
 * One small JSON state of the data folder, replaced whole on every change (written, synced,
 * renamed over the old one), so a crash leaves either the state before a change or the state
 * after it, never half of one. A file that cannot be read is moved aside and the state starts
 * `fresh` (never deleted, so what it held can still be recovered by hand).
 */
export async function openJsonStateFile<T>(
  path: string,
  schema: z.ZodType<T>,
  fresh: T,
  onRecovered: (movedTo: string) => void = () => {},
): Promise<JsonStateFile<T>> {
  const folder = dirname(path)
  await mkdir(folder, { recursive: true })
  let initial = fresh
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    if (!parsed.success) throw new Error('unreadable state')
    initial = parsed.data
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      const movedTo = `${path}.unreadable-${Date.now()}`
      await rename(path, movedTo)
      onRecovered(movedTo)
    }
  }
  let writing: Promise<void> = Promise.resolve()
  return {
    initial,
    write: (state) => {
      const text = `${JSON.stringify(schema.parse(state))}\n`
      const write = writing.then(async () => {
        const temporary = `${path}.${process.pid}.tmp`
        const handle = await open(temporary, 'w', 0o600)
        try {
          await handle.writeFile(text)
          await handle.sync()
        } finally {
          await handle.close()
        }
        await rename(temporary, path)
        await syncFolder(folder)
      })
      writing = write.catch(() => {})
      return write
    },
  }
}
