import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { environmentIdSchema } from '../../../shared/environments'
import { investigatorSchema, trustedSignerSchema } from '../../../shared/identity/investigator'

const persistedSettingsSchema = z.object({
  version: z.literal(1),
  activeEnvironment: environmentIdSchema,
  baseUrls: z.object({ sandbox: z.string().optional(), production: z.string().optional() }),
  investigator: investigatorSchema.optional(),
  trustedSigners: z.array(trustedSignerSchema).optional(),
})
export type PersistedSettings = z.infer<typeof persistedSettingsSchema>

const defaultSettings = (): PersistedSettings => ({
  version: 1,
  activeEnvironment: 'local',
  baseUrls: {},
})

export interface SettingsStore {
  read(): PersistedSettings
  update(change: (current: PersistedSettings) => PersistedSettings): Promise<PersistedSettings>
}

/**
 * Non-secret settings in `settings.json` of the data folder. A file that cannot be read is moved
 * aside (never deleted) so the user's earlier settings can still be recovered by hand.
 */
export async function openSettingsStore(
  dataDir: string,
  onRecovered: (movedTo: string) => void = () => {},
): Promise<SettingsStore> {
  await mkdir(dataDir, { recursive: true })
  const file = join(dataDir, 'settings.json')
  let current = defaultSettings()
  try {
    const text = await readFile(file, 'utf8')
    const parsed = persistedSettingsSchema.safeParse(JSON.parse(text))
    if (parsed.success) current = parsed.data
    else throw new Error('invalid settings')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      const movedTo = `${file}.unreadable-${Date.now()}`
      await rename(file, movedTo)
      onRecovered(movedTo)
    }
  }
  let writing: Promise<unknown> = Promise.resolve()
  return {
    read: () => current,
    update: async (change) => {
      const next = persistedSettingsSchema.parse(change(current))
      // Writes are serialised and atomic (temp file, then rename) so a crash never leaves half a file.
      const write = writing.then(async () => {
        const temp = `${file}.${process.pid}.tmp`
        await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 })
        await rename(temp, file)
      })
      writing = write.catch(() => {})
      await write
      current = next
      return current
    },
  }
}
