import { z } from 'zod'
import { escapeForDisplay as shown } from '../text/escapeForDisplay'
import type { AuditChange } from './auditChain'
import type { AuditEntry } from './caseSchemas'

/**
 * The entry a restore of untrusted data (a backup neither this computer's key nor a trusted
 * colleague's signed, restored because the user chose to) appends to the trail of every case it
 * brings back, in the name of the investigator who chose it. The case's `restoredUntrusted` field
 * says the same, but the renderer keeps it and sends it, so it may be dropped; this entry is
 * chained into the trail the main side receives and signs, so the exporter and the verifier read
 * it there, whatever the other fields say.
 */
export const untrustedRestoreAction = 'restored-untrusted'

/** What the entry holds (its `after`): which backup, and why it was not trusted. */
export const untrustedRestoreSchema = z.strictObject({
  fileName: z.string().max(1024),
  /**
   * The SHA-256 of the backup's backup.json: it lists every entry with its SHA-256 and is what a
   * signature covers, so it names the backup's content (the file is never read whole to hash it).
   */
  manifestSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Why the backup was not trusted, in a sentence. */
  reason: z.string().max(2000),
})
export type UntrustedRestore = z.infer<typeof untrustedRestoreSchema>

export const untrustedRestoreChange = (restore: UntrustedRestore): AuditChange => ({
  action: untrustedRestoreAction,
  summary: `Restored from an untrusted backup: ${restore.fileName}`,
  before: null,
  after: restore,
})

/**
 * The first entry of `trail` recording a restore of untrusted data, named for a sentence
 * ("entry 7 records a restore from an untrusted backup (“x.zip”: why)"), or null when there is
 * none. The action alone counts: an entry of it that holds something else still marks the case.
 */
export function untrustedRestoreIn(trail: readonly AuditEntry[]): string | null {
  const entry = trail.find(({ action }) => action === untrustedRestoreAction)
  if (!entry) return null
  const restore = untrustedRestoreSchema.safeParse(entry.after)
  const backup = restore.success
    ? ` (“${shown(restore.data.fileName)}”: ${shown(restore.data.reason)})`
    : ''
  return `entry ${entry.seq} records a restore from an untrusted backup${backup}`
}
