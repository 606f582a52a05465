import { z } from 'zod'
import { investigatorSchema, signerSchema, trustedSignerSchema } from '../identity/investigator'
import { serviceBaseUrlSchema } from '../bridge/settingsContract'
import { environmentIdSchema, remoteEnvironmentIdSchema } from '../environments'
import { sha256HexSchema } from '../evidence/bundleFormat'

/** Written into every backup's manifest; a reader refuses any other. */
export const backupFormat = 'compliance-desk-backup/1'

/** A table's name as Dexie knows it; also a folder of the ZIP, so only plain characters. */
export const backupTableNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/)

export const backupPaths = {
  manifest: 'backup.json',
  /** The detached Ed25519 signature over backup.json's exact bytes, as a bundle's (see bundleSignature). */
  signature: 'signature.json',
  settings: 'settings.json',
  /** One entry per chunk of a table's rows, one JSON row a line, numbered from 1. */
  tableEntry: (table: string, chunk: number) =>
    `tables/${table}/${String(chunk).padStart(5, '0')}.ndjson`,
} as const

export const backupEntrySchema = z.strictObject({
  path: z.string().min(1),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  sha256: sha256HexSchema,
})
export type BackupEntry = z.infer<typeof backupEntrySchema>

export const backupTableSchema = z.strictObject({
  name: backupTableNameSchema,
  rows: z.number().int().nonnegative(),
  entries: z.array(backupEntrySchema),
})
export type BackupTable = z.infer<typeof backupTableSchema>

/**
 * The main side's settings as a backup holds them: addresses and the active environment, and
 * which environments had a key, so a restore can say which keys to enter again. Never a key.
 */
export const backupSettingsSchema = z.strictObject({
  activeEnvironment: environmentIdSchema,
  baseUrls: z.strictObject({
    sandbox: serviceBaseUrlSchema.optional(),
    production: serviceBaseUrlSchema.optional(),
  }),
  keysHeld: z.array(remoteEnvironmentIdSchema),
  /** Who worked on the computer and whose keys it trusted; never the private signing key. */
  investigator: investigatorSchema.optional(),
  trustedSigners: z.array(trustedSignerSchema).optional(),
  /** Whether watch runs that find changes show an OS notification (absent in older backups). */
  notifyChanges: z.boolean().optional(),
})
export type BackupSettings = z.infer<typeof backupSettingsSchema>

export const backupManifestSchema = z.strictObject({
  format: z.literal(backupFormat),
  createdAt: z.iso.datetime(),
  app: z.literal('Compliance Desk'),
  appVersion: z.string(),
  /** The IndexedDB schema version the rows are shaped for. */
  schemaVersion: z.number().int().positive(),
  tables: z.array(backupTableSchema),
  settings: z.strictObject({
    path: z.literal(backupPaths.settings),
    bytes: z.number().int().nonnegative(),
    sha256: sha256HexSchema,
  }),
  /**
   * Who made the backup and signs it: named inside the signed bytes, so a signature cannot be
   * moved onto another's backup. Absent only in backups made before they were signed.
   */
  signer: signerSchema.optional(),
})
export type BackupManifest = z.infer<typeof backupManifestSchema>

/** `Compliance Desk backup 2026-11-22 0930.zip`: sorts by time, nothing a file system objects to. */
export const backupFileName = (createdAt: Date): string => {
  const iso = createdAt.toISOString()
  return `Compliance Desk backup ${iso.slice(0, 10)} ${iso.slice(11, 13)}${iso.slice(14, 16)}.zip`
}

/**
 * Bounds a restore holds to before anything is inflated: the main side writes no chunk of more than
 * `entryBytes` (see backupContract), and backup.json, signature.json and settings.json are a
 * few KiB, so anything declaring more is not a backup this app made.
 */
export const backupBounds = {
  entries: 20_000,
  /** One table entry, inflated. */
  entryBytes: 12 * 1024 * 1024,
  /** backup.json, signature.json or settings.json, inflated. */
  smallFileBytes: 4 * 1024 * 1024,
  /** Every entry together, inflated. */
  totalBytes: 4 * 1024 * 1024 * 1024,
  /** The ZIP's central directory: a record of at most 256 bytes for each entry allowed. */
  directoryBytes: 20_000 * 256,
  /**
   * The file itself. It is never held whole (its entries are read one at a time), so this bounds
   * only the work a file may ask for.
   */
  fileBytes: 400 * 1024 * 1024,
} as const
