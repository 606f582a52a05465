import { isUtf8 } from 'node:buffer'
import { randomUUID } from 'node:crypto'
import { inflateRawSync } from 'node:zlib'
import {
  backupFileName,
  backupFormat,
  backupPaths,
  type BackupManifest,
  type BackupSettings,
  type BackupTable,
} from '../../../shared/backup/backupFormat'
import { maxBackupChunkBytes } from '../../../shared/bridge/backupContract'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import type { ExportDelivery } from '../../../shared/bridge/evidenceContract'
import type { IdentityView } from '../../../shared/bridge/identityContract'
import type { ChangeAlertSettings } from '../../../shared/bridge/systemContract'
import type { SettingsView } from '../../../shared/bridge/settingsContract'
import { detachedSignature } from '../identity/detachedSignature'
import type { IdentityService } from '../identity/identityService'
import type { ChangeAlerts } from '../notifications/changeAlerts'
import { remoteEnvironmentIdSchema } from '../../../shared/environments'
import type { EnvironmentService } from '../environments/environmentService'
import { BundleWriter } from '../evidence/bundleWriter'
import { asWriteFailure } from '../evidence/evidenceExporter'
import type { ExportDestination, ExportTarget } from '../evidence/exportDestination'
import { ServiceError } from '../serviceError'

export interface BackupResult {
  delivery: ExportDelivery
  fileName: string
  bytes: number
  sha256: string
  tables: { name: string; rows: number }[]
}

interface BackupSession {
  schemaVersion: number
  target: ExportTarget
  writer: BundleWriter
  tables: Map<string, BackupTable>
  idleTimer: NodeJS.Timeout
}

/** A backup left without a call for this long was abandoned (the window closed): it is removed. */
const idleLimitMs = 5 * 60_000

const refuse = (message: string): ServiceError =>
  new ServiceError(bridgeErrorNames.validation, message, {
    status: 400,
    mayHaveReachedService: false,
  })

const writeFailure = (error: unknown): unknown =>
  asWriteFailure(error, 'The backup', 'back up again')

const newline = 0x0a

/** A chunk's bytes, no more than a chunk may hold however they were compressed. */
function inflatedChunk(table: string, deflated: Uint8Array): Buffer {
  try {
    return inflateRawSync(deflated, { maxOutputLength: maxBackupChunkBytes })
  } catch {
    throw refuse(
      `A chunk of ${table} is not raw DEFLATE of at most ${maxBackupChunkBytes / 1024 / 1024} MiB.`,
    )
  }
}

const jsonBytes = (value: unknown): Uint8Array =>
  new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`)

/**
 * What a backup keeps of the main side's settings: addresses, who works here and whether changes
 * are notified, never a key. Scheduled re-screens' opt-in to spend is this computer's alone.
 */
export function backupSettingsOf(
  view: SettingsView,
  identity: IdentityView,
  alerts: ChangeAlertSettings,
): BackupSettings {
  const remote = view.environments.flatMap((environment) => {
    const id = remoteEnvironmentIdSchema.safeParse(environment.id)
    return id.success ? [{ ...environment, id: id.data }] : []
  })
  return {
    activeEnvironment: view.activeEnvironment,
    baseUrls: Object.fromEntries(
      remote.flatMap(({ id, baseUrl }) => (baseUrl === null ? [] : [[id, baseUrl]])),
    ),
    keysHeld: remote
      .filter(({ key }) => key.isSet && key.source !== 'built-in')
      .map(({ id }) => id),
    ...(identity.investigator ? { investigator: identity.investigator } : {}),
    trustedSigners: identity.trustedSigners,
    notifyChanges: alerts.notifyChanges,
  }
}

/**
 * Writes backups of all local data on the main side. The renderer owns the rows (they live in
 * IndexedDB) and sends them as deflated NDJSON chunks, each checked and written to the ZIP as it
 * arrives, so memory stays flat however many rows there are. The main side adds its own settings, without keys, so
 * no key can reach a backup whatever the renderer sends; backup.json, written last, lists every
 * entry with its rows, size and SHA-256.
 */
export class BackupService {
  private readonly sessions = new Map<string, BackupSession>()

  constructor(
    private readonly destination: ExportDestination,
    private readonly environments: EnvironmentService,
    private readonly identity: IdentityService,
    private readonly alerts: ChangeAlerts,
    private readonly appVersion: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async begin(schemaVersion: number, tables: string[]): Promise<{ backupId: string }> {
    if (new Set(tables).size !== tables.length) throw refuse('A table was named twice.')
    // Before the save dialog: a backup that cannot be signed is refused before anything is asked.
    await this.identity.signer()
    const target = await this.destination.open(backupFileName(this.now()), 'backup')
    if (!target) {
      throw new ServiceError(
        bridgeErrorNames.cancelled,
        'The backup was cancelled; nothing was written.',
        { mayHaveReachedService: false },
      )
    }
    const backupId = randomUUID()
    const writer = new BundleWriter(target.partialPath)
    this.sessions.set(backupId, {
      schemaVersion,
      target,
      writer,
      tables: new Map(tables.map((name) => [name, { name, rows: 0, entries: [] }])),
      idleTimer: this.idleTimer(backupId),
    })
    return { backupId }
  }

  /**
   * Inflates the chunk to check it and to list its rows, size and SHA-256, then stores it as it
   * came: compressing it again would only cost time.
   */
  async addEntry(
    backupId: string,
    table: string,
    deflated: Uint8Array<ArrayBuffer>,
  ): Promise<{ rows: number }> {
    const session = this.session(backupId)
    const backupTable = session.tables.get(table)
    try {
      if (!backupTable) throw refuse(`Table ${table} was not named when the backup began.`)
      const ndjson = inflatedChunk(table, deflated)
      if (ndjson.at(-1) !== newline || ndjson.includes('\n\n') || !isUtf8(ndjson)) {
        throw refuse(`A chunk of ${table} is not one JSON row a line of UTF-8 text.`)
      }
      let rows = 0
      for (let at = ndjson.indexOf(newline); at !== -1; at = ndjson.indexOf(newline, at + 1)) {
        rows += 1
      }
      const path = backupPaths.tableEntry(table, backupTable.entries.length + 1)
      const { bytes, sha256 } = await session.writer.addDeflated(path, ndjson, deflated)
      backupTable.entries.push({ path, rows, bytes, sha256 })
      backupTable.rows += rows
      return { rows }
    } catch (error) {
      await this.abort(backupId)
      throw writeFailure(error)
    }
  }

  /**
   * Adds the settings and backup.json, signed with the investigator's key like a bundle's manifest,
   * so that a restore can tell a backup made here or by a trusted colleague from an edited one.
   */
  async finish(backupId: string): Promise<BackupResult> {
    const session = this.session(backupId)
    try {
      const signing = await this.identity.signer()
      const settings = backupSettingsOf(
        await this.environments.view(),
        await this.identity.view(),
        this.alerts.view(),
      )
      const settingsFile = await session.writer.add(backupPaths.settings, jsonBytes(settings))
      const tables = [...session.tables.values()]
      const manifest: BackupManifest = {
        format: backupFormat,
        createdAt: this.now().toISOString(),
        app: 'Compliance Desk',
        appVersion: this.appVersion,
        schemaVersion: session.schemaVersion,
        tables,
        settings: {
          path: backupPaths.settings,
          bytes: settingsFile.bytes,
          sha256: settingsFile.sha256,
        },
        signer: signing.signer,
      }
      const manifestBytes = jsonBytes(manifest)
      await session.writer.add(backupPaths.manifest, manifestBytes)
      await session.writer.add(
        backupPaths.signature,
        jsonBytes(detachedSignature(backupPaths.manifest, manifestBytes, signing)),
      )
      const written = await session.writer.finish()
      const delivery = await session.target.deliver()
      this.forget(backupId)
      return {
        delivery,
        fileName: session.target.fileName,
        bytes: written.bytes,
        sha256: written.sha256,
        tables: tables.map(({ name, rows }) => ({ name, rows })),
      }
    } catch (error) {
      await this.abort(backupId)
      throw writeFailure(error)
    }
  }

  async abort(backupId: string): Promise<{ aborted: boolean }> {
    const session = this.sessions.get(backupId)
    if (!session) return { aborted: false }
    this.forget(backupId)
    await session.writer.abort()
    await session.target.discard()
    return { aborted: true }
  }

  private session(backupId: string): BackupSession {
    const session = this.sessions.get(backupId)
    if (!session) {
      throw refuse(
        'This backup is no longer open (it finished, failed or was left idle). Back up again.',
      )
    }
    clearTimeout(session.idleTimer)
    session.idleTimer = this.idleTimer(backupId)
    return session
  }

  private idleTimer(backupId: string): NodeJS.Timeout {
    const timer = setTimeout(() => void this.abort(backupId), idleLimitMs)
    timer.unref()
    return timer
  }

  private forget(backupId: string): void {
    const session = this.sessions.get(backupId)
    if (session) clearTimeout(session.idleTimer)
    this.sessions.delete(backupId)
  }
}
