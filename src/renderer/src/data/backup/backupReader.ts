import { bytesToHex } from '@noble/hashes/utils.js'
import { z } from 'zod'
import {
  backupFormat,
  backupManifestSchema,
  backupPaths,
  backupSettingsSchema,
  type BackupEntry,
  type BackupManifest,
  type BackupSettings,
} from '../../../../shared/backup/backupFormat'
import {
  backedUpTables,
  backupSchemaVersion,
  onAppDatabase,
  type AppDatabase,
} from '../database/appDatabase'
import { entryContent, UnreadableZipError, zipEntries, type ZipEntry } from './zipEntries'

/** The file is not a backup this app can restore; the message says what is wrong, in a sentence. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError'
}

/** A backup whose every entry matched its manifest; restoring reads its rows again from `zip`. */
export interface VerifiedBackup {
  manifest: BackupManifest
  settings: BackupSettings
  zip: Uint8Array
  entries: Map<string, ZipEntry>
  rows: Record<string, number>
}

const refuse = (problem: string): never => {
  throw new BackupRefusedError(`${problem} Nothing was changed.`)
}

const formatOnlySchema = z.looseObject({ format: z.string() })

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** One entry's bytes, inflated alone, so only one entry is ever held in memory at a time. */
async function entryBytes(
  zip: Uint8Array,
  entries: Map<string, ZipEntry>,
  path: string,
): Promise<Uint8Array> {
  const entry =
    entries.get(path) ?? refuse(`The backup has no ${path}, which its backup.json lists.`)
  try {
    return await entryContent(zip, entry)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return refuse(`The backup's entry ${path} is damaged and cannot be read (${reason}).`)
  }
}

function parseJson<T>(bytes: Uint8Array, path: string, schema: z.ZodType<T>): T {
  let json: unknown
  try {
    json = JSON.parse(utf8.decode(bytes))
  } catch {
    return refuse(`The backup's ${path} is not valid JSON.`)
  }
  const parsed = schema.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  return refuse(
    `The backup's ${path} is not what Compliance Desk writes (${issue?.path.join('.') || 'it'}: ${issue?.message ?? 'unexpected content'}).`,
  )
}

/** The rows of one NDJSON entry; a line that is not a JSON object is named by its number. */
export function entryRows(bytes: Uint8Array, path: string): object[] {
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    return refuse(`The backup's entry ${path} is not UTF-8 text.`)
  }
  if (text !== '' && !text.endsWith('\n')) refuse(`The backup's entry ${path} ends mid-line.`)
  const rows: object[] = []
  let line = 0
  for (let start = 0; start < text.length;) {
    const end = text.indexOf('\n', start)
    line += 1
    let row: unknown
    try {
      row = JSON.parse(text.slice(start, end))
    } catch {
      return refuse(`Line ${line} of the backup's entry ${path} is not valid JSON.`)
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      return refuse(`Line ${line} of the backup's entry ${path} is not a record.`)
    }
    rows.push(row)
    start = end + 1
  }
  return rows
}

/**
 * Lines in an NDJSON entry, counted on its bytes: a newline byte is always a line's end in UTF-8.
 * Its rows are parsed once, when restored (see restoreBackup).
 */
function lineCount(bytes: Uint8Array, path: string): number {
  if (bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a) {
    refuse(`The backup's entry ${path} ends mid-line.`)
  }
  let lines = 0
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines += 1
  return lines
}

/** The rows of a verified entry, inflated again from the file already held. */
export const rowsOfEntry = async (backup: VerifiedBackup, entry: BackupEntry): Promise<object[]> =>
  entryRows(await entryBytes(backup.zip, backup.entries, entry.path), entry.path)

async function checkBytes(
  bytes: Uint8Array,
  path: string,
  expected: { bytes: number; sha256: string },
): Promise<void> {
  if (bytes.length !== expected.bytes) {
    refuse(
      `The backup's entry ${path} has ${bytes.length.toLocaleString()} bytes where backup.json says ${expected.bytes.toLocaleString()}: the file was changed or damaged.`,
    )
  }
  // fflate's output is never shared memory; WebCrypto's types only ask for that.
  const hash = bytesToHex(
    new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)),
  )
  if (hash !== expected.sha256) {
    refuse(
      `The backup's entry ${path} does not match its SHA-256 in backup.json: the file was changed or damaged.`,
    )
  }
}

function checkVersionAndTables(db: AppDatabase, manifest: BackupManifest): void {
  if (manifest.schemaVersion > backupSchemaVersion) {
    refuse(
      `This backup was made by a newer version of Compliance Desk (database version ${manifest.schemaVersion}); update the app first.`,
    )
  }
  if (manifest.schemaVersion < backupSchemaVersion) {
    refuse(
      `This backup was made by an earlier version of Compliance Desk (${manifest.appVersion}, database version ${manifest.schemaVersion}; this one uses ${backupSchemaVersion}), and this version cannot yet bring its records up to date. Restore it with Compliance Desk ${manifest.appVersion}.`,
    )
  }
  const ours = new Set(backedUpTables(db).map((table) => table.name))
  const theirs = new Set(manifest.tables.map((table) => table.name))
  for (const name of theirs) {
    if (!ours.has(name)) refuse(`The backup holds a table this version does not have (${name}).`)
  }
  for (const name of ours) {
    if (!theirs.has(name)) refuse(`The backup lacks the table ${name}, so it is incomplete.`)
  }
  if (theirs.size !== manifest.tables.length) refuse('The backup lists a table twice.')
}

/** Every entry in the ZIP, by name, without inflating any. */
function entriesOf(zip: Uint8Array): Map<string, ZipEntry> {
  try {
    return zipEntries(zip)
  } catch (error) {
    if (!(error instanceof UnreadableZipError)) throw error
    return refuse(
      `The file is not a readable ZIP file (${error.message}): it is damaged or not a backup.`,
    )
  }
}

/**
 * Checks a backup completely before anything is touched: a ZIP, a backup.json of this format and
 * of this app's database version listing exactly this database's tables, every entry present and
 * of the size and SHA-256 listed, the rows counted as listed, and the settings readable. Refuses
 * with a sentence naming what is wrong. Lines are parsed once, by the restore, whose single
 * transaction leaves the data as it was if one is not a JSON record: a file whose every hash
 * matches can only hold such a line if it was written so on purpose, and parsing twice made the
 * restore half again as slow.
 */
export async function verifyBackup(db: AppDatabase, zip: Uint8Array): Promise<VerifiedBackup> {
  const entries = entriesOf(zip)
  if (!entries.has(backupPaths.manifest)) {
    refuse(`The file has no ${backupPaths.manifest}, so it is not a Compliance Desk backup.`)
  }
  const manifestBytes = await entryBytes(zip, entries, backupPaths.manifest)
  const { format } = parseJson(manifestBytes, backupPaths.manifest, formatOnlySchema)
  if (format !== backupFormat) {
    refuse(`The file's backup.json is of the format ${format}, which this version does not read.`)
  }
  const manifest = parseJson(manifestBytes, backupPaths.manifest, backupManifestSchema)
  checkVersionAndTables(db, manifest)
  const listed = new Set([
    backupPaths.manifest,
    backupPaths.settings,
    ...manifest.tables.flatMap((table) => table.entries.map((entry) => entry.path)),
  ])
  const extra = [...entries.keys()].find((name) => !listed.has(name))
  if (extra !== undefined) refuse(`The backup holds ${extra}, which its backup.json does not list.`)
  if (listed.size !== entries.size) refuse('The backup lists an entry twice, or holds one twice.')
  const rows: Record<string, number> = {}
  for (const table of manifest.tables) {
    let counted = 0
    for (const entry of table.entries) {
      const bytes = await entryBytes(zip, entries, entry.path)
      await checkBytes(bytes, entry.path, entry)
      const entryRowCount = lineCount(bytes, entry.path)
      if (entryRowCount !== entry.rows) {
        refuse(
          `The backup's entry ${entry.path} holds ${entryRowCount.toLocaleString()} rows where backup.json says ${entry.rows.toLocaleString()}.`,
        )
      }
      counted += entryRowCount
    }
    if (counted !== table.rows) {
      refuse(
        `The backup's table ${table.name} holds ${counted.toLocaleString()} rows where backup.json says ${table.rows.toLocaleString()}.`,
      )
    }
    rows[table.name] = counted
  }
  const settingsBytes = await entryBytes(zip, entries, backupPaths.settings)
  await checkBytes(settingsBytes, backupPaths.settings, manifest.settings)
  const settings = parseJson(settingsBytes, backupPaths.settings, backupSettingsSchema)
  return { manifest, settings, zip, entries, rows }
}

/** Verification against the app's database (its tables and version). */
export const backupReader = onAppDatabase({ verifyBackup })
