import { join } from 'node:path'
import { z } from 'zod'
import { environmentIdSchema } from '../../../shared/environments'
import { investigatorSchema, trustedSignerSchema } from '../../../shared/identity/investigator'
import { deviceIdSchema, memberNameSchema } from '../../../shared/team/teamEntry'
import { openJsonStateFile, type JsonStateFileOptions } from '../dataFolder/jsonStateFile'
import { notSavedFailure } from '../dataFolder/storageFailure'

const persistedSettingsSchema = z.object({
  version: z.literal(1),
  activeEnvironment: environmentIdSchema,
  baseUrls: z.object({ sandbox: z.string().optional(), production: z.string().optional() }),
  investigator: investigatorSchema.optional(),
  trustedSigners: z.array(trustedSignerSchema).optional(),
  /** Whether a watch run that finds changes shows an OS notification; yes when absent. */
  notifyChanges: z.boolean().optional(),
  /** This desk in a team: made when it first joins one and kept, so its entries chain on. */
  device: deviceIdSchema.optional(),
  /** The team this desk replicates with; its password is in the key store, never here. */
  team: z
    .object({
      serverUrl: z.string(),
      database: z.string(),
      member: memberNameSchema,
      joinedAt: z.iso.datetime(),
    })
    .optional(),
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
 * Non-secret settings in `settings.json` of the data folder (see openJsonStateFile). A change
 * storage refused is a `StorageError`, and is not current.
 */
export async function openSettingsStore(
  dataDir: string,
  options: JsonStateFileOptions = {},
): Promise<SettingsStore> {
  const file = await openJsonStateFile(
    join(dataDir, 'settings.json'),
    persistedSettingsSchema,
    defaultSettings(),
    options,
  )
  let current = file.initial
  let changing: Promise<unknown> = Promise.resolve()
  return {
    read: () => current,
    update: (change) => {
      // Each change applies to the one before it, and is current only once it is on disk.
      const next = changing.then(async () => {
        const changed = persistedSettingsSchema.parse(change(current))
        await file.write(changed).catch((error: unknown) => {
          throw notSavedFailure(dataDir, error)
        })
        current = changed
        return changed
      })
      changing = next.catch(() => {})
      return next
    },
  }
}
