import { z } from 'zod'
import {
  backupBounds,
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
import { BackupTrails } from './backupTrails'
import { backupTrust, type BackupTrust, type KnownSigners } from './backupTrust'
import { backupRowSchemas } from './rowSchemas'
import {
  entryContent,
  UnreadableZipError,
  zipEntries,
  type EntryContent,
  type ZipEntry,
} from './zipEntries'

/** The file is not a backup this app can restore; the message says what is wrong, in a sentence. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError'
}

/**
 * A signed backup by a key this computer does not trust, or one not signed or badly signed: refused
 * unless the user chooses to restore it as untrusted data (`allowUntrusted`).
 */
export class BackupUntrustedError extends BackupRefusedError {
  override name = 'BackupUntrustedError'
  constructor(readonly trust: Extract<BackupTrust, { kind: 'untrusted' }>) {
    super(
      `${trust.reason} It was not restored: restore it only if you know where it comes from, as untrusted data.`,
    )
  }
}

/** A backup whose every entry matched its manifest; restoring reads its rows again from `file`. */
export interface VerifiedBackup {
  manifest: BackupManifest
  settings: BackupSettings
  /** The file as chosen, never read whole: entries are read from it one at a time. */
  file: Blob
  entries: Map<string, ZipEntry>
  rows: Record<string, number>
  trust: BackupTrust
  /** The file's name, as the user chose it (marked on cases restored untrusted). */
  fileName: string
  /** The SHA-256 of its backup.json, which pins every entry (recorded on cases restored untrusted). */
  manifestSha256: string
}

export interface VerifyOptions {
  known: KnownSigners
  /** The user chose to restore it though it is not signed by a key this computer trusts. */
  allowUntrusted?: boolean
  fileName?: string
}

const refuse = (problem: string): never => {
  throw new BackupRefusedError(`${problem} Nothing was changed.`)
}

const formatOnlySchema = z.looseObject({ format: z.string() })

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * One entry's bytes, inflated alone (so only one entry is ever held at a time) and never beyond
 * `limit`, hashed as they come.
 */
async function entryBytes(
  file: Blob,
  entries: Map<string, ZipEntry>,
  path: string,
  limit: number,
): Promise<EntryContent> {
  const entry =
    entries.get(path) ?? refuse(`The backup has no ${path}, which its backup.json lists.`)
  try {
    return await entryContent(file, entry, limit)
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
 * The rows of a verified entry, inflated again from the file, and held again to its SHA-256: the
 * file is read again, so it must still be the one verified.
 */
export async function rowsOfEntry(backup: VerifiedBackup, entry: BackupEntry): Promise<object[]> {
  const content = await entryBytes(backup.file, backup.entries, entry.path, entry.bytes)
  checkHash(content, entry.path, entry)
  return entryRows(content.bytes, entry.path)
}

function checkHash(content: EntryContent, path: string, expected: { sha256: string }): void {
  if (content.sha256 !== expected.sha256) {
    refuse(
      `The backup's entry ${path} does not match its SHA-256 in backup.json: the file was changed or damaged.`,
    )
  }
}

/** Refuses the first row its table's schema does not accept, naming the table and the line. */
function checkRows(table: string, rows: readonly object[], path: string): void {
  const schema = backupRowSchemas[table] ?? refuse(`The backup holds an unknown table (${table}).`)
  for (const [index, row] of rows.entries()) {
    const parsed = schema.safeParse(row)
    if (parsed.success) continue
    const issue = parsed.error.issues[0]
    refuse(
      `Line ${index + 1} of the backup's table ${table} (entry ${path}) is not a row this app can use (${issue?.path.join('.') || 'the row'}: ${issue?.message ?? 'unexpected content'}).`,
    )
  }
}

/**
 * Caps the file's work before anything is inflated: the number of entries, and each entry's size
 * and their total as declared, by both the ZIP's directory and backup.json, which must agree.
 */
function checkDeclaredSizes(entries: Map<string, ZipEntry>, manifest: BackupManifest): void {
  let total = 0
  for (const table of manifest.tables) {
    for (const entry of table.entries) {
      if (entry.bytes > backupBounds.entryBytes) {
        refuse(
          `The backup's entry ${entry.path} declares ${entry.bytes.toLocaleString()} bytes, more than any backup this app writes (${backupBounds.entryBytes.toLocaleString()}): it was not made by Compliance Desk, or was changed.`,
        )
      }
      const inZip = entries.get(entry.path)
      if (inZip && inZip.bytes !== entry.bytes) {
        refuse(
          `The backup's entry ${entry.path} is declared as ${inZip.bytes.toLocaleString()} bytes by the ZIP and ${entry.bytes.toLocaleString()} by backup.json: the file was changed or damaged.`,
        )
      }
      total += entry.bytes
    }
  }
  if (total > backupBounds.totalBytes) {
    refuse(
      `The backup declares ${total.toLocaleString()} bytes of rows, more than this app restores (${backupBounds.totalBytes.toLocaleString()}).`,
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

/** Every entry in the ZIP, by name, without inflating any, and no more of them than a backup has. */
async function entriesOf(file: Blob): Promise<Map<string, ZipEntry>> {
  try {
    return await zipEntries(file, backupBounds.directoryBytes)
  } catch (error) {
    if (!(error instanceof UnreadableZipError)) throw error
    return refuse(
      `The file is not a readable ZIP file (${error.message}): it is damaged or not a backup.`,
    )
  }
}

async function boundedEntries(file: Blob): Promise<Map<string, ZipEntry>> {
  if (file.size > backupBounds.fileBytes) {
    refuse(
      `The file is ${file.size.toLocaleString()} bytes, more than this app restores (${backupBounds.fileBytes.toLocaleString()}).`,
    )
  }
  const entries = await entriesOf(file)
  if (entries.size > backupBounds.entries) {
    refuse(
      `The file holds ${entries.size.toLocaleString()} entries, more than any backup this app writes.`,
    )
  }
  return entries
}

/**
 * Checks a backup completely before anything is touched, within bounds set before anything is
 * inflated (backupBounds): a ZIP, a backup.json of this format whose signature holds and is by a
 * key this computer trusts (or the user chose to restore it untrusted), of this app's database
 * version listing exactly this database's tables, every entry present and of the size and SHA-256
 * listed (hashed as it is inflated, never inflated past its size), every row accepted by its
 * table's schema, every case's audit trail intact and leading to its decisions, and the settings
 * readable. Refuses with a sentence naming what is wrong.
 */
export async function verifyBackup(
  db: AppDatabase,
  file: Blob,
  { known, allowUntrusted = false, fileName = 'the backup' }: VerifyOptions,
): Promise<VerifiedBackup> {
  const entries = await boundedEntries(file)
  if (!entries.has(backupPaths.manifest)) {
    refuse(`The file has no ${backupPaths.manifest}, so it is not a Compliance Desk backup.`)
  }
  const small = backupBounds.smallFileBytes
  const manifestContent = await entryBytes(file, entries, backupPaths.manifest, small)
  const manifestBytes = manifestContent.bytes
  const { format } = parseJson(manifestBytes, backupPaths.manifest, formatOnlySchema)
  if (format !== backupFormat) {
    refuse(`The file's backup.json is of the format ${format}, which this version does not read.`)
  }
  const manifest = parseJson(manifestBytes, backupPaths.manifest, backupManifestSchema)
  const signatureBytes = entries.has(backupPaths.signature)
    ? (await entryBytes(file, entries, backupPaths.signature, small)).bytes
    : undefined
  const trust = backupTrust(manifestBytes, signatureBytes, manifest, known)
  if (trust.kind === 'untrusted' && !allowUntrusted) throw new BackupUntrustedError(trust)
  checkVersionAndTables(db, manifest)
  const listed = new Set([
    backupPaths.manifest,
    backupPaths.settings,
    ...(signatureBytes ? [backupPaths.signature] : []),
    ...manifest.tables.flatMap((table) => table.entries.map((entry) => entry.path)),
  ])
  const extra = [...entries.keys()].find((name) => !listed.has(name))
  if (extra !== undefined) refuse(`The backup holds ${extra}, which its backup.json does not list.`)
  if (listed.size !== entries.size) refuse('The backup lists an entry twice, or holds one twice.')
  checkDeclaredSizes(entries, manifest)
  const trails = new BackupTrails()
  const caseIds: string[] = []
  const rows: Record<string, number> = {}
  for (const table of manifest.tables) {
    let counted = 0
    for (const entry of table.entries) {
      const content = await entryBytes(file, entries, entry.path, entry.bytes)
      checkHash(content, entry.path, entry)
      const entryRowsRead = entryRows(content.bytes, entry.path)
      if (entryRowsRead.length !== entry.rows) {
        refuse(
          `The backup's entry ${entry.path} holds ${entryRowsRead.length.toLocaleString()} rows where backup.json says ${entry.rows.toLocaleString()}.`,
        )
      }
      checkRows(table.name, entryRowsRead, entry.path)
      for (const row of entryRowsRead) trails.add(table.name, row)
      if (table.name === 'cases')
        caseIds.push(...entryRowsRead.map((row) => (row as { id: string }).id))
      counted += entryRowsRead.length
    }
    if (counted !== table.rows) {
      refuse(
        `The backup's table ${table.name} holds ${counted.toLocaleString()} rows where backup.json says ${table.rows.toLocaleString()}.`,
      )
    }
    rows[table.name] = counted
  }
  const trailProblem = trails.problem(caseIds)
  if (trailProblem !== null) refuse(trailProblem)
  const settingsContent = await entryBytes(file, entries, backupPaths.settings, small)
  checkHash(settingsContent, backupPaths.settings, manifest.settings)
  const settings = parseJson(settingsContent.bytes, backupPaths.settings, backupSettingsSchema)
  return {
    manifest,
    settings,
    file,
    entries,
    rows,
    trust,
    fileName,
    manifestSha256: manifestContent.sha256,
  }
}

/** Verification against the app's database (its tables and version). */
export const backupReader = onAppDatabase({ verifyBackup })
