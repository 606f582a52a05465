import { z } from 'zod'
import { defineMethod } from './defineMethod'

/**
 * A run of letters and digits as long as the shortest wallet identifier the app accepts (a
 * Bitcoin address has 25 or more): a notice that holds one would show an identifier on the
 * screen of a locked computer.
 */
const identifierLike = /[0-9A-Za-z]{25,}/

/** What a watch run found, in counts only: the OS shows it to whoever is at the computer. */
export const changesNoticeSchema = z.strictObject({
  /** Wallets whose hits changed in the run. */
  count: z.number().int().positive(),
  /** The difference in words ("1 new hit, 1 hit no longer listed"): one line, no identifier. */
  summary: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\r\n]*$/, 'One line')
    .refine((summary) => !identifierLike.test(summary), 'Counts only, never an identifier'),
})
export type ChangesNotice = z.infer<typeof changesNoticeSchema>

export const changeAlertSettingsSchema = z.object({
  /** The person's choice: an OS notification when a watch run finds changes. */
  notifyChanges: z.boolean(),
  /** Whether this platform shows OS notifications (not the browser mode). */
  osNotifications: z.boolean(),
})
export type ChangeAlertSettings = z.infer<typeof changeAlertSettingsSchema>

/**
 * Whether the main side can write its data folder. When it cannot (the disk full, the folder
 * read-only or not the user's), it started read-only: reads answer, and every call that would
 * send or save answers `StorageError`. `problem` says what is wrong and what to do, in a sentence.
 */
export const dataFolderStateSchema = z.discriminatedUnion('writable', [
  z.object({ writable: z.literal(true) }),
  z.object({ writable: z.literal(false), problem: z.string().min(1) }),
])
export type DataFolderState = z.infer<typeof dataFolderStateSchema>

export const systemContract = {
  /**
   * An OS notification that watched wallets changed; clicking it brings the window forward on
   * the Changes screen. `shown` is false where there is no OS notification (the browser mode).
   */
  'system.notifyChanges': defineMethod(changesNoticeSchema, z.object({ shown: z.boolean() })),
  'system.changeAlerts': defineMethod(z.strictObject({}), changeAlertSettingsSchema),
  'system.setChangeAlerts': defineMethod(
    z.strictObject({ notifyChanges: z.boolean() }),
    changeAlertSettingsSchema,
  ),
  /** Read once at start: the state holds until the app is restarted. */
  'system.storage': defineMethod(z.strictObject({}), dataFolderStateSchema),
}
