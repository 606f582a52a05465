import { z } from 'zod'
import { environmentIdSchema } from '../environments'
import { backupSettingsSchema } from './backupFormat'

export const restoreIdSchema = z.uuid()

/**
 * The backup's settings the user chose to put in place in the restore's confirmation: only the
 * addresses, signers and investigator ticked there, and the active environment only if ticked.
 */
export const chosenSettingsSchema = backupSettingsSchema.extend({
  activeEnvironment: environmentIdSchema.optional(),
})
export type ChosenSettings = z.infer<typeof chosenSettingsSchema>

/**
 * What a restore records on the main side before the app switches to its database: a restore is
 * data (a database of the renderer's) and settings (the main side's), which no one write can
 * change together. Kept until the settings are in place, so that whatever stops when, the next
 * start tells which part came back by comparing `database` with the database the app uses.
 */
export const pendingRestoreSchema = z.strictObject({
  /** Chosen by the page that restores, so that it can finish the restore it recorded. */
  restoreId: restoreIdSchema,
  /** The IndexedDB database the restore wrote, which the app switches to once this is recorded. */
  database: z.string().min(1).max(200),
  /** The backup file's name, as the user chose it, to say which restore is meant. */
  fileName: z.string().max(1024),
  /** When the backup was made (its manifest's `createdAt`). */
  backupMadeAt: z.iso.datetime(),
  /** The settings to put in place, as the user chose them from the backup's (never a key). */
  settings: chosenSettingsSchema,
})
export type PendingRestore = z.infer<typeof pendingRestoreSchema>
