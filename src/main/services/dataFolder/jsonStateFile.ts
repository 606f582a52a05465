import { mkdir, readFile, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { z } from 'zod'
import type { ServiceError } from '../serviceError'
import { replaceFile } from './atomicFile'
import { privateFolderMode } from './privateFolder'

export interface JsonStateFile<T> {
  /** What was on disk when opened, or `fresh` when there was nothing readable. */
  readonly initial: T
  /**
   * Resolves once the state is on disk; writes are applied in the order they were asked for.
   * Rejects with storage's own error (the caller says what it means), or with the refusal of a
   * file opened read-only.
   */
  write(state: T): Promise<void>
}

export interface JsonStateFileOptions {
  /** Told where an unreadable file was moved to. */
  onRecovered?: ((movedTo: string) => void) | undefined
  /**
   * Set when the data folder cannot be written: the file is only read (an unreadable one is left
   * where it is) and every write is refused with this.
   */
  readOnly?: ServiceError | undefined
}

/** The state on disk, or `fresh` with why there was none readable (absent is not unreadable). */
async function readState<T>(
  path: string,
  schema: z.ZodType<T>,
  fresh: T,
): Promise<{ state: T; unreadable: boolean }> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    if (parsed.success) return { state: parsed.data, unreadable: false }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { state: fresh, unreadable: false }
  }
  return { state: fresh, unreadable: true }
}

/**
 * One small JSON state of the data folder, replaced whole on every change (see `replaceFile`), so
 * a crash leaves either the state before a change or the state after it, never half of one. A
 * file that cannot be read is moved aside and the state starts `fresh` (never deleted, so what it
 * held can still be recovered by hand).
 */
export async function openJsonStateFile<T>(
  path: string,
  schema: z.ZodType<T>,
  fresh: T,
  { onRecovered = () => {}, readOnly }: JsonStateFileOptions = {},
): Promise<JsonStateFile<T>> {
  if (!readOnly) await mkdir(dirname(path), { recursive: true, mode: privateFolderMode })
  const { state: initial, unreadable } = await readState(path, schema, fresh)
  if (unreadable && !readOnly) {
    const movedTo = `${path}.unreadable-${Date.now()}`
    await rename(path, movedTo)
    onRecovered(movedTo)
  }
  let writing: Promise<void> = Promise.resolve()
  return {
    initial,
    write: (state) => {
      if (readOnly) return Promise.reject(readOnly)
      const text = `${JSON.stringify(schema.parse(state))}\n`
      const write = writing.then(() => replaceFile(path, text))
      writing = write.catch(() => {})
      return write
    },
  }
}
