import { mkdir, open, readFile, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { budgetMonthSchema, monthlyCapSchema } from '../../../shared/bridge/spendingContract'

const allowanceStateSchema = z.object({
  version: z.literal(1),
  optedIn: z.boolean(),
  cap: monthlyCapSchema.nullable(),
  month: budgetMonthSchema,
  used: z.number().int().nonnegative(),
})
export type AllowanceState = z.infer<typeof allowanceStateSchema>

export interface ScheduledAllowanceFile {
  /** What was on disk when opened: opted out with nothing used when there was nothing. */
  readonly initial: AllowanceState
  /** Resolves once the state is on disk; writes are applied in the order they were asked for. */
  write(state: AllowanceState): Promise<void>
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
 * The Production allowance for scheduled re-screens, in one small JSON file of the data folder,
 * replaced whole on every change (written, synced, renamed over the old one), so a crash leaves
 * either the state before a change or the state after it, never half of one. A file that cannot
 * be read is moved aside and the allowance starts opted out: money is spent only on a choice
 * the app can still read.
 */
export async function openScheduledAllowanceFile(
  path: string,
  month: string,
  onRecovered: (movedTo: string) => void = () => {},
): Promise<ScheduledAllowanceFile> {
  const folder = dirname(path)
  await mkdir(folder, { recursive: true })
  let initial: AllowanceState = { version: 1, optedIn: false, cap: null, month, used: 0 }
  try {
    const parsed = allowanceStateSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    if (!parsed.success) throw new Error('unreadable allowance')
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
      const text = `${JSON.stringify(allowanceStateSchema.parse(state))}\n`
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
