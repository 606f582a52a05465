import 'fake-indexeddb/auto'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Dexie } from 'dexie'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { fixtureActor } from '../test-support/evidenceFixtures'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMainSideOnSandbox, type MainSideOnSandbox } from '../test-support/mainSideOnSandbox'
import type { BridgeOutput } from '../shared/bridge'
import type { CallBridge } from '../renderer/src/bridge/bridgeCall'
import {
  backupPaths,
  type BackupEntry,
  type BackupManifest,
  type BackupSettings,
} from '../shared/backup/backupFormat'
import { hitsOf } from '../shared/cases/checkHits'
import {
  openAppDatabase,
  backupSchemaVersion,
  type AppDatabase,
  type OutboxItem,
} from '../renderer/src/data/database/appDatabase'
import { saveCheck, toStoredCheck } from '../renderer/src/data/checks/checkRepository'
import { saveEntityPage } from '../renderer/src/data/entities/entityRepository'
import { claimNext, enqueue, requeue } from '../renderer/src/data/outbox/outboxRepository'
import {
  addNote,
  createCase,
  decideHit,
  linkCheck,
  linkEntity,
} from '../renderer/src/data/cases/caseRepository'
import { countRows, writeBackup } from '../renderer/src/data/backup/backupWriter'
import {
  BackupRefusedError,
  BackupUntrustedError,
  verifyBackup,
} from '../renderer/src/data/backup/backupReader'
import { stageRecordedRestore } from '../renderer/src/data/backup/restoreRecord'
import { chosenSettings, settingsChanges } from '../renderer/src/data/backup/settingsChanges'
import { exportCase } from '../renderer/src/data/cases/caseExport'
import { auditEntryHash, genesisHash } from '../shared/cases/auditChain'
import type { AuditEntry } from '../shared/cases/caseSchemas'
import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { restoreBackup } from '../renderer/src/data/backup/backupRestore'
import { stageRestore } from '../renderer/src/data/backup/stagedRestore'
import {
  currentDatabaseName,
  supersededDatabases,
} from '../renderer/src/data/database/databasePointer'
import {
  checksAwaitingTerms,
  deriveAwaitingTerms,
} from '../renderer/src/data/checks/deferredSearchTerms'
import { checksContaining } from '../renderer/src/data/checks/checkSelection'
import { zipEntries } from '../renderer/src/data/backup/zipEntries'
import type { KnownSigners } from '../renderer/src/data/backup/backupTrust'
import { restorableInProcess } from '../renderer/src/data/backup/restorableBackup'
import {
  groupedFingerprint,
  investigatorOf,
  keyFingerprint,
  type Actor,
} from '../shared/identity/investigator'
import { verifyAuditChain } from '../shared/cases/auditChain'
import { createBulkJob } from '../renderer/src/data/bulk/bulkJobRepository'
import { watch } from '../renderer/src/data/watch/watchRepository'
import { bulkJobOf } from '../test-support/bulkJobs'

/**
 * A backup of everything, with the renderer's own code on a real IndexedDB implementation and the
 * real main side over its bridge dispatcher: made from checks run against the sandbox, a case
 * with decisions and notes, entities and an outbox item; restored into a fresh database; and
 * refused, with nothing changed, whenever the file is damaged.
 */
const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const pepWallet = '0x5ca1ab1e00000000000000000000000000000001'
const productionKey = 'sk_live_never-in-a-backup-4242'

let app: MainSideOnSandbox
let source: AppDatabase
let backup: Uint8Array
/** This computer's keys: a backup it made is its own. */
let known: KnownSigners
const ours = () => ({ known })
/** An edited backup no longer holds its signature: its deeper checks are reached as untrusted. */
const forced = () => ({ known, allowUntrusted: true })
/** Who works on this computer, with its key: who restores, and whom a forger names. */
const ownActor = (): Actor => ({
  ...investigatorOf(fixtureActor),
  fingerprint: known.own.fingerprint,
})

const call: CallBridge = async (method, input) => {
  const reply = await app.call(method, input)
  if (!reply.ok) throw new Error(`${reply.error.name}: ${reply.error.message}`)
  return reply.data as BridgeOutput<typeof method>
}

const download = (finished: BridgeOutput<'backup.finish'>): Uint8Array => {
  if (finished.delivery.kind !== 'download') throw new Error('expected a download')
  const file = app.mainSide.downloads.take(finished.delivery.url.split('/').pop() ?? '')
  if (!file) throw new Error('no download waiting')
  return readFileSync(file.path)
}

/** Every table's rows in key order, to compare two databases whole. */
const everything = async (db: AppDatabase): Promise<Record<string, unknown[]>> =>
  Object.fromEntries(
    await Promise.all(
      db.tables.map(async (table): Promise<[string, unknown[]]> => [
        table.name,
        await table.toArray(),
      ]),
    ),
  )

/**
 * `db`'s rows with its outbox as a restore writes it, held for the user's say (why, in a sentence
 * the test of holding reads, is left out).
 */
const asRestored = async (
  db: AppDatabase,
  state?: OutboxItem['state'],
): Promise<Record<string, unknown[]>> => {
  const rows = await everything(db)
  const outbox = (rows.outbox ?? []) as OutboxItem[]
  return {
    ...rows,
    outbox: outbox.map(({ message: _message, ...item }) => ({
      ...item,
      state: state ?? item.state,
    })),
  }
}

/** One page here: no other switches databases meanwhile. */
const onePage = { whileSwitching: (work: () => Promise<void>) => work() }

const freshDatabase = () => openAppDatabase(`restored-${crypto.randomUUID()}`)

/** The backup's entries, changed by `change`, zipped again (stored, so bytes can be found). */
const rezip = (change: (files: Record<string, Uint8Array>) => void): Uint8Array => {
  const files = unzipSync(backup)
  change(files)
  return zipSync(files, { level: 0 })
}
const manifestOf = (files: Record<string, Uint8Array>): BackupManifest =>
  JSON.parse(strFromU8(files[backupPaths.manifest]!)) as BackupManifest
const withManifest = (files: Record<string, Uint8Array>, manifest: BackupManifest) => {
  files[backupPaths.manifest] = strToU8(JSON.stringify(manifest))
}
/** Puts new text in an entry and lists it with its true size and hash, as a writer would. */
const putEntry = (files: Record<string, Uint8Array>, entry: BackupEntry, text: string) => {
  const bytes = strToU8(text)
  files[entry.path] = bytes
  entry.bytes = bytes.length
  entry.sha256 = createHash('sha256').update(bytes).digest('hex')
}
const checksEntry = (manifest: BackupManifest) =>
  manifest.tables.find((table) => table.name === 'checks')!.entries[0]!

beforeAll(async () => {
  app = await startMainSideOnSandbox()
  await call('identity.setInvestigator', { investigator: investigatorOf(fixtureActor) })
  const identity = await call('identity.get', {})
  known = { own: identity.signingKey, trusted: identity.trustedSigners }
  source = openAppDatabase(`source-${crypto.randomUUID()}`)
  await call('settings.setBaseUrl', {
    environment: 'production',
    baseUrl: 'https://api.example.com/v2/api',
  })
  await call('keys.set', { environment: 'production', secretKey: productionKey })
  const caseId = await createCase(source, fixtureActor, {
    title: 'ACME',
    subject: 'ACME Ltd',
    description: '',
  })
  for (const query of [sanctioned, sanctioned]) {
    const requestId = crypto.randomUUID()
    const result = await call('crypto.search', {
      requestId,
      query,
      isSubjectConsent: true,
      type: 'all',
    })
    const stored = toStoredCheck(requestId, query, query, result)
    await saveCheck(source, stored)
    await linkCheck(source, fixtureActor, caseId, stored)
    for (const hit of hitsOf(stored.check)) {
      await decideHit(source, fixtureActor, caseId, {
        check: stored,
        hit,
        decision: 'true_match',
        rationale: 'OFAC SDN listing.',
      })
    }
  }
  await saveEntityPage(source, await call('entities.list', { page: 1, limit: 5 }))
  await linkEntity(source, fixtureActor, caseId, {
    environment: 'local',
    id: 'ent_acme',
    name: 'ACME Ltd',
  })
  await addNote(source, fixtureActor, caseId, 'Reported to the FIU.')
  await enqueue(source, 'local', { kind: 'cryptoCheck', query: sanctioned, queryKey: sanctioned })
  // A bulk job of one recognised wallet (its chain named), and the wallet watched.
  await createBulkJob(
    source,
    bulkJobOf({
      fileSha256: createHash('sha256').update(sanctioned).digest('hex'),
      rowCount: 1,
      checkCount: 1,
    }),
    [{ jobId: 'job-1', row: 0, line: 2, cells: [sanctioned], check: 0 }],
    [
      {
        jobId: 'job-1',
        index: 0,
        address: sanctioned,
        queryKey: sanctioned,
        chain: 'ethereum',
        lines: [2],
        state: 'pending',
      },
    ],
  )
  await watch(
    source,
    fixtureActor,
    { kind: 'wallet', environment: 'local', query: sanctioned, queryKey: sanctioned },
    'daily',
  )
  backup = download(await writeBackup(source, call))
})

afterAll(async () => {
  await app.stop()
})

describe('a backup of all local data', () => {
  it('restores into a fresh database as it was, table for table, row for row', async () => {
    const restored = freshDatabase()
    const verified = await verifyBackup(restored, new Blob([backup]), ours())
    expect(verified.rows).toEqual(await countRows(source))
    expect(verified.manifest.schemaVersion).toBe(backupSchemaVersion)
    await restoreBackup(restored, verified)
    // The checks' History search entries are derived again after the restore, not restored.
    expect(await checksAwaitingTerms(restored)).toBe(2)
    expect(await checksContaining(restored, sanctioned.slice(-4).toLowerCase())).toEqual([])
    expect(await deriveAwaitingTerms(restored)).toBe(2)
    expect(await checksAwaitingTerms(restored)).toBe(0)
    expect(await checksContaining(restored, sanctioned.slice(-4).toLowerCase())).toHaveLength(2)
    expect(await asRestored(restored)).toEqual(await asRestored(source, 'held'))
    expect(await restored.checks.count()).toBe(2)
    expect(await restored.auditEntries.count()).toBeGreaterThan(4)
  })

  it('leaves out what is derived from a check: its History search entries', () => {
    const checksEntry = Object.entries(unzipSync(backup)).find(([name]) =>
      name.startsWith('tables/checks/'),
    )
    expect(checksEntry).toBeDefined()
    expect(strFromU8(checksEntry![1])).toContain(sanctioned)
    expect(strFromU8(checksEntry![1])).not.toContain('searchTerms')
  })

  it('holds the settings but never a key, and says which keys must be entered again', async () => {
    const text = Object.values(unzipSync(backup))
      .map((bytes) => strFromU8(bytes))
      .join('\n')
    expect(text).not.toContain(productionKey)
    expect(text).not.toContain(productionKey.slice(-8))
    const verified = await verifyBackup(freshDatabase(), new Blob([backup]), ours())
    expect(verified.settings).toEqual({
      activeEnvironment: 'local',
      baseUrls: { production: 'https://api.example.com/v2/api' },
      keysHeld: ['production'],
      investigator: investigatorOf(fixtureActor),
      trustedSigners: [],
      notifyChanges: true,
    })
  })

  it('holds restored work for the user: the computer that made the backup may send it too', async () => {
    const sending = openAppDatabase(`sending-${crypto.randomUUID()}`)
    await enqueue(sending, 'local', {
      kind: 'cryptoCheck',
      query: sanctioned,
      queryKey: sanctioned,
    })
    await claimNext(sending)
    await enqueue(sending, 'local', {
      kind: 'cryptoCheck',
      query: pepWallet,
      queryKey: pepWallet,
    })
    const restored = freshDatabase()
    await restoreBackup(
      restored,
      await verifyBackup(restored, new Blob([download(await writeBackup(sending, call))]), ours()),
    )
    const held = await restored.outbox.toArray()
    const itemOf = (query: string) =>
      held.find((item) => item.kind === 'cryptoCheck' && item.query === query)
    expect(held.map((item) => item.state)).toEqual(['held', 'held'])
    expect(itemOf(sanctioned)?.message).toMatch(/may have gone through/)
    expect(itemOf(pepWallet)?.message).toMatch(/may still send it/)
    // Nothing restored is taken to be sent until the user says so.
    expect(await claimNext(restored)).toBeUndefined()
    await requeue(restored, itemOf(pepWallet)!.localId)
    expect(await claimNext(restored)).toEqual(expect.objectContaining({ query: pepWallet }))
  })
})

describe("restoring as the app's data", () => {
  it('writes a new database, which becomes current only once it holds everything and is committed; the one in use is untouched, and a failure or a discard leaves nothing behind', async () => {
    const inUse = openAppDatabase(await currentDatabaseName())
    await createCase(inUse, fixtureActor, { title: 'In use', subject: 'Here', description: '' })
    const before = await everything(inUse)
    const namesBefore = await Dexie.getDatabaseNames()

    // Two rows with one key: verification passes (it does not know keys), the write cannot. A
    // second entry follows, read while the first is written.
    const clashing = rezip((files) => {
      const manifest = manifestOf(files)
      const entry = checksEntry(manifest)
      const firstRow = strFromU8(files[entry.path]!).split('\n')[0]!
      putEntry(files, entry, `${firstRow}\n${firstRow}\n`)
      const next = { ...entry, path: backupPaths.tableEntry('checks', 2), rows: 1 }
      putEntry(files, next, `${firstRow.replace('"localId":"', '"localId":"another-')}\n`)
      const checks = manifest.tables.find((table) => table.name === 'checks')!
      checks.entries.push(next)
      checks.rows = 3
      withManifest(files, manifest)
    })
    await expect(
      stageRestore(restorableInProcess(await verifyBackup(inUse, new Blob([clashing]), forced())), {
        ...onePage,
        restorer: async () => ownActor(),
      }).commit(),
    ).rejects.toThrow(/checks.bulkAdd\(\): 1 of 2 operations failed/)
    expect(await currentDatabaseName()).toBe(inUse.name)
    expect(await Dexie.getDatabaseNames()).toEqual(namesBefore)
    expect(await supersededDatabases()).toEqual([])

    // Given up while it was being written, as when the user cancels: nothing is left of it.
    await stageRestore(
      restorableInProcess(await verifyBackup(inUse, new Blob([backup]), ours())),
      onePage,
    ).discard()
    expect(await currentDatabaseName()).toBe(inUse.name)
    expect(await Dexie.getDatabaseNames()).toEqual(namesBefore)

    await stageRestore(
      restorableInProcess(await verifyBackup(inUse, new Blob([backup]), ours())),
      onePage,
    ).commit()
    const current = await currentDatabaseName()
    expect(current).not.toBe(inUse.name)
    const restored = openAppDatabase(current)
    await deriveAwaitingTerms(restored)
    expect(await asRestored(restored)).toEqual(await asRestored(source, 'held'))
    expect(await everything(inUse)).toEqual(before)
    // Deleted at the next start, once no page uses it.
    expect(await supersededDatabases()).toEqual([inUse.name])
  })
})

describe('a damaged backup is refused, naming what is wrong, with nothing changed', () => {
  let target: AppDatabase
  let before: Record<string, unknown>
  beforeEach(async () => {
    target = freshDatabase()
    await createCase(target, fixtureActor, {
      title: 'Here before',
      subject: 'Untouched',
      description: '',
    })
    before = await everything(target)
  })
  const refused = async (file: Uint8Array, reason: RegExp) => {
    const verifying = verifyBackup(target, new Blob([file]), forced())
    await expect(verifying).rejects.toBeInstanceOf(BackupRefusedError)
    await expect(verifying).rejects.toThrow(reason)
    await expect(verifying).rejects.toThrow(/Nothing was changed\.$/)
    expect(await everything(target)).toEqual(before)
  }

  it('a flipped byte inside an entry', async () => {
    const stored = rezip(() => undefined)
    const entryPath = checksEntry(manifestOf(unzipSync(backup))).path
    const at = Buffer.from(stored).indexOf('"localId"', Buffer.from(stored).indexOf(entryPath))
    stored[at + 1] = stored[at + 1]! ^ 0x01
    await refused(
      stored,
      /entry tables\/checks\/00001\.ndjson is damaged .*does not match the checksum the ZIP holds/,
    )
  })

  it('an entry changed and zipped again, so only its SHA-256 in backup.json can tell', async () => {
    const changed = rezip((files) => {
      const path = checksEntry(manifestOf(files)).path
      const text = strFromU8(files[path]!)
      files[path] = strToU8(text.replace('"localId"', '"localID"'))
    })
    await refused(changed, /entry tables\/checks\/00001\.ndjson does not match its SHA-256/)
  })

  it('a flipped byte in the compressed data of any entry, as written', async () => {
    for (const entry of (await zipEntries(new Blob([backup]), 1024 ** 2)).values()) {
      if (entry.compressedBytes === 0) continue
      const damaged = Uint8Array.from(backup)
      const at = entry.start + Math.floor(entry.compressedBytes / 2)
      damaged[at] = damaged[at]! ^ 0xff
      await refused(
        damaged,
        /damaged|does not match|not a readable ZIP|not valid JSON|not what Compliance Desk writes|not a backup|no |inflate/,
      ).catch((error: unknown) => {
        throw new Error(`a flipped byte in ${entry.name} was not refused: ${String(error)}`)
      })
    }
  })

  it('a truncated file', async () => {
    await refused(backup.slice(0, backup.length - 200), /not a readable ZIP file/)
  })

  it('a hash that does not match', async () => {
    const file = rezip((files) => {
      const manifest = manifestOf(files)
      checksEntry(manifest).sha256 = '0'.repeat(64)
      withManifest(files, manifest)
    })
    await refused(file, /tables\/checks\/00001\.ndjson does not match its SHA-256/)
  })

  it('a row count that does not match', async () => {
    const file = rezip((files) => {
      const manifest = manifestOf(files)
      checksEntry(manifest).rows = 3
      withManifest(files, manifest)
    })
    await refused(file, /tables\/checks\/00001\.ndjson holds 2 rows where backup\.json says 3/)
  })

  it('a line that is not JSON, though its hash was made to match: refused by the restore, which changes nothing', async () => {
    const file = rezip((files) => {
      const manifest = manifestOf(files)
      const entry = checksEntry(manifest)
      const lines = strFromU8(files[entry.path]!).split('\n')
      lines[1] = lines[1]!.slice(0, 40)
      putEntry(files, entry, lines.join('\n'))
      withManifest(files, manifest)
    })
    const current = await currentDatabaseName()
    const databases = await Dexie.getDatabaseNames()
    const restoring = verifyBackup(target, new Blob([file]), forced()).then((verified) =>
      stageRestore(restorableInProcess(verified), onePage).commit(),
    )
    await expect(restoring).rejects.toBeInstanceOf(BackupRefusedError)
    await expect(restoring).rejects.toThrow(
      /Line 2 of the backup's entry tables\/checks\/00001\.ndjson is not valid JSON/,
    )
    expect(await currentDatabaseName()).toBe(current)
    expect(await Dexie.getDatabaseNames()).toEqual(databases)
  })

  it('a backup of a newer database version', async () => {
    const file = rezip((files) => {
      withManifest(files, { ...manifestOf(files), schemaVersion: backupSchemaVersion + 1 })
    })
    await refused(
      file,
      new RegExp(
        `made by a newer version of Compliance Desk \\(database version ${backupSchemaVersion + 1}\\); update the app first`,
      ),
    )
  })

  it('a backup of an older database version', async () => {
    const file = rezip((files) => {
      withManifest(files, { ...manifestOf(files), schemaVersion: backupSchemaVersion - 1 })
    })
    await refused(file, /made by an earlier version of Compliance Desk/)
  })

  it('an entry the manifest does not list, and a file that is no backup at all', async () => {
    await refused(
      rezip((files) => {
        files['extra.txt'] = strToU8('hello')
      }),
      /holds extra\.txt, which its backup\.json does not list/,
    )
    await refused(zipSync({ 'manifest.json': strToU8('{}') }), /has no backup\.json/)
    await refused(strToU8('not a zip at all'), /not a readable ZIP file/)
  })
})

describe('a backup is bounded before anything is inflated, and every row is checked', () => {
  const refusedFast = async (file: Uint8Array, reason: RegExp) => {
    const started = performance.now()
    await expect(verifyBackup(freshDatabase(), new Blob([file]), forced())).rejects.toThrow(reason)
    expect(performance.now() - started).toBeLessThan(2000)
  }

  it('an entry backup.json declares at 1 GiB is refused at once', async () => {
    const file = rezip((files) => {
      const manifest = manifestOf(files)
      checksEntry(manifest).bytes = 1024 ** 3
      withManifest(files, manifest)
    })
    await refusedFast(file, /declares 1,073,741,824 bytes, more than any backup this app writes/)
  })

  it('an entry the ZIP declares at 1 GiB while backup.json declares it small is refused before it is inflated', async () => {
    const file = rezip(() => undefined)
    const path = checksEntry(manifestOf(unzipSync(backup))).path
    const name = Buffer.from(path)
    const bytes = Buffer.from(file.buffer, file.byteOffset, file.length)
    // The entry's headers: the central one has its name 46 bytes in and its size 24 bytes in, the
    // local one its name 30 bytes in and its size 22 bytes in.
    for (let at = bytes.indexOf(name); at !== -1; at = bytes.indexOf(name, at + 1)) {
      if (bytes.readUInt32LE(at - 46) === 0x02014b50) bytes.writeUInt32LE(1024 ** 3, at - 46 + 24)
      if (bytes.readUInt32LE(at - 30) === 0x04034b50) bytes.writeUInt32LE(1024 ** 3, at - 30 + 22)
    }
    await refusedFast(file, /declared as 1,073,741,824 bytes by the ZIP/)
  })

  it('a caseSummaries row with hits: null is refused by table and line, with nothing changed', async () => {
    const target = freshDatabase()
    await createCase(target, fixtureActor, { title: 'Here', subject: 'Kept', description: '' })
    const before = await everything(target)
    const file = rezip((files) => {
      const manifest = manifestOf(files)
      const entry = manifest.tables.find((table) => table.name === 'caseSummaries')!.entries[0]!
      const rows = strFromU8(files[entry.path]!).split('\n')
      rows[0] = JSON.stringify({ ...(JSON.parse(rows[0]!) as object), hits: null })
      putEntry(files, entry, rows.join('\n'))
      withManifest(files, manifest)
    })
    await expect(verifyBackup(target, new Blob([file]), forced())).rejects.toThrow(
      /Line 1 of the backup's table caseSummaries \(entry tables\/caseSummaries\/00001\.ndjson\) is not a row this app can use \(hits: .*\)\. Nothing was changed\./,
    )
    expect(await everything(target)).toEqual(before)
  })
})

describe('every row of the tables this app alone writes is checked whole, refused by table and line', () => {
  /** The backup with the first row of `table` changed by `change`, listed as a writer would. */
  const withFirstRow = (table: string, change: (row: Record<string, unknown>) => object) =>
    rezip((files) => {
      const manifest = manifestOf(files)
      const entry = manifest.tables.find(({ name }) => name === table)!.entries[0]!
      const rows = strFromU8(files[entry.path]!).split('\n')
      rows[0] = JSON.stringify(change(JSON.parse(rows[0]!) as Record<string, unknown>))
      putEntry(files, entry, rows.join('\n'))
      withManifest(files, manifest)
    })
  const evidenceOf = (row: Record<string, unknown>) =>
    row.evidence as { response: { bytes: number } }

  it.each([
    ['bulkJobs', 'fileSha256', (row: Record<string, unknown>) => ({ ...row, fileSha256: 'ab' })],
    [
      'bulkJobs',
      'a field it never has',
      (row: Record<string, unknown>) => ({ ...row, planted: 1 }),
    ],
    ['bulkChecks', 'chain', (row: Record<string, unknown>) => ({ ...row, chain: { any: 1 } })],
    ['bulkRows', 'line', (row: Record<string, unknown>) => ({ ...row, line: 0 })],
    [
      'watches',
      'id',
      (row: Record<string, unknown>) => ({ ...row, id: 'wallet|local|0xsomeoneelse' }),
    ],
    [
      'checks',
      'evidence.response.bytes',
      (row: Record<string, unknown>) => {
        const evidence = evidenceOf(row)
        return {
          ...row,
          evidence: { ...evidence, response: { ...evidence.response, bytes: 7 } },
        }
      },
    ],
    [
      'checks',
      'evidence.environment',
      (row: Record<string, unknown>) => ({
        ...row,
        evidence: { ...evidenceOf(row), environment: 'production' },
      }),
    ],
  ])('a %s row with %s not as the app writes it', async (table, field, change) => {
    const target = freshDatabase()
    await createCase(target, fixtureActor, { title: 'Here', subject: 'Kept', description: '' })
    const before = await everything(target)
    const file = withFirstRow(table, change)
    // A field the row never has is named in the message, not as the place of the fault.
    const where = field.includes(' ') ? 'the row: ' : `${field.replaceAll('.', '\\.')}: `
    await expect(verifyBackup(target, new Blob([file]), forced())).rejects.toThrow(
      new RegExp(
        `^Line 1 of the backup's table ${table} \\(entry tables/${table}/00001\\.ndjson\\) is not a row this app can use \\(${where}.+\\)\\. Nothing was changed\\.$`,
      ),
    )
    expect(await everything(target)).toEqual(before)
  })
})

const omitHash = (entry: AuditEntry): Omit<AuditEntry, 'hash'> =>
  Object.fromEntries(Object.entries(entry).filter(([field]) => field !== 'hash')) as Omit<
    AuditEntry,
    'hash'
  >

describe('a forged backup: trust, identity and addresses change only as ticked', () => {
  const attackerKey = bytesToHex(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
  const attackerUrl = 'https://api.attacker.example/v2/api'
  const forged = () =>
    rezip((files) => {
      const manifest = manifestOf(files)
      const settings = JSON.parse(strFromU8(files[backupPaths.settings]!)) as BackupSettings
      settings.trustedSigners = [
        {
          name: 'Ben Colleague',
          email: 'ben@example.org',
          organisation: 'Example Ltd',
          publicKey: attackerKey,
          fingerprint: keyFingerprint(attackerKey),
          trustedAt: new Date().toISOString(),
        },
      ]
      settings.investigator = { ...settings.investigator!, name: 'Someone Else' }
      settings.baseUrls.production = attackerUrl
      settings.activeEnvironment = 'production'
      const settingsBytes = strToU8(JSON.stringify(settings))
      files[backupPaths.settings] = settingsBytes
      manifest.settings.bytes = settingsBytes.length
      manifest.settings.sha256 = createHash('sha256').update(settingsBytes).digest('hex')
      // A true match turned into a false positive, its trail re-chained so that it holds, every
      // entry naming this computer's key, as if its own investigator had made them.
      const table = (name: string) => manifest.tables.find((t) => t.name === name)!.entries[0]!
      const decisions = table('hitDecisions')
      const flip = (text: string) => text.replaceAll('"true_match"', '"false_positive"')
      putEntry(files, decisions, flip(strFromU8(files[decisions.path]!)))
      const trail = table('auditEntries')
      let prevHash = genesisHash
      const rechained = strFromU8(files[trail.path]!)
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          const entry = JSON.parse(flip(line)) as AuditEntry
          const unhashed = {
            ...omitHash(entry),
            actor: ownActor(),
            prevHash: entry.seq === 1 ? genesisHash : prevHash,
          }
          prevHash = auditEntryHash(unhashed)
          return JSON.stringify({ ...unhashed, hash: prevHash })
        })
      putEntry(files, trail, `${rechained.join('\n')}\n`)
      withManifest(files, manifest)
    })

  it('is refused: its signature no longer holds', async () => {
    const verifying = verifyBackup(freshDatabase(), new Blob([forged()]), ours())
    await expect(verifying).rejects.toBeInstanceOf(BackupUntrustedError)
    await expect(verifying).rejects.toThrow(/signature does not hold.*restore it only if you know/)
  })

  it('restored as untrusted data: no setting applied unless ticked, its cases marked and never exported as this computer’s own', async () => {
    const before = await call('settings.get', {})
    const identityBefore = await call('identity.get', {})
    const file = forged()
    const verified = await verifyBackup(freshDatabase(), new Blob([file]), {
      ...forced(),
      fileName: 'forged.zip',
    })
    expect(verified.trust.kind).toBe('untrusted')
    const changes = settingsChanges(
      verified.settings,
      { settings: before, identity: identityBefore },
      false,
    )
    expect(changes.map((change) => change.id)).toEqual([
      `signer:${keyFingerprint(attackerKey)}`,
      'investigator',
      'baseUrl:production',
      'activeEnvironment',
    ])
    expect(changes.filter((change) => change.tickedByDefault)).toEqual([])
    const restoring = stageRecordedRestore(
      restorableInProcess(verified),
      'forged.zip',
      call,
      onePage,
    )
    const outcome = await restoring.commit(chosenSettings(verified.settings, changes, new Set()))
    expect(outcome).toHaveProperty('settings')
    expect(await call('settings.get', {})).toEqual(before)
    expect(await call('identity.get', {})).toEqual(identityBefore)
    const restored = openAppDatabase(await currentDatabaseName())
    const [restoredCase] = await restored.cases.toArray()
    expect(restoredCase?.restoredUntrusted).toMatchObject({ fileName: 'forged.zip' })
    await expect(exportCase(restored, call, restoredCase!.id)).rejects.toThrow(
      /restored from an untrusted backup .* cannot be exported under your signature/,
    )

    // The trail says so too, in the name of who chose to restore it, chained to the restored
    // entries; it survives a backup of this computer's own, which restores as trusted.
    const trail = await restored.auditEntries.where('caseId').equals(restoredCase!.id).sortBy('seq')
    expect(verifyAuditChain(trail)).toMatchObject({ intact: true })
    const mark = trail.at(-1)!
    expect(mark).toMatchObject({
      action: 'restored-untrusted',
      actor: ownActor(),
      after: {
        fileName: 'forged.zip',
        manifestSha256: createHash('sha256')
          .update(unzipSync(file)[backupPaths.manifest]!)
          .digest('hex'),
        reason: verified.trust.kind === 'untrusted' ? verified.trust.reason : '',
      },
    })
    const again = download(await writeBackup(restored, call))
    await expect(verifyBackup(freshDatabase(), new Blob([again]), ours())).resolves.toMatchObject({
      trust: { kind: 'own' },
    })

    // A renderer that drops the mark from the case's record before asking: the main side reads
    // the trail it is sent, and refuses, naming the entry.
    await restored.cases.update(restoredCase!.id, { restoredUntrusted: undefined })
    expect(await restored.cases.get(restoredCase!.id)).not.toHaveProperty('restoredUntrusted')
    await expect(exportCase(restored, call, restoredCase!.id)).rejects.toThrow(
      `ValidationError: This case's audit trail says its history cannot be vouched for: entry ${mark.seq} records a restore from an untrusted backup (“forged.zip”: `,
    )
  })

  it('restored as untrusted data by no one (no investigator said) is refused, with nothing changed', async () => {
    const current = await currentDatabaseName()
    const databases = await Dexie.getDatabaseNames()
    const verified = await verifyBackup(freshDatabase(), new Blob([forged()]), forced())
    await expect(stageRestore(restorableInProcess(verified), onePage).commit()).rejects.toThrow(
      /recorded in the audit trail of each of its cases, in the name of who chose to: say who works on this computer first/,
    )
    expect(await currentDatabaseName()).toBe(current)
    expect(await Dexie.getDatabaseNames()).toEqual(databases)
  })

  it('a signer ticked in a restore, or trusted by hand, is never added twice', async () => {
    const verified = await verifyBackup(freshDatabase(), new Blob([forged()]), forced())
    const signer = verified.settings.trustedSigners![0]!
    const trust = { publicKey: signer.publicKey, investigator: investigatorOf(signer) }
    await call('identity.trustSigner', {
      ...trust,
      fingerprint: groupedFingerprint(signer.fingerprint).toUpperCase(),
    })
    await call('identity.trustSigner', { ...trust, fingerprint: signer.fingerprint })
    for (let restores = 0; restores < 2; restores += 1) {
      await stageRecordedRestore(restorableInProcess(verified), 'forged.zip', call, onePage).commit(
        {
          keysHeld: [],
          baseUrls: {},
          trustedSigners: [signer, signer],
        },
      )
    }
    const trusted = (await call('identity.get', {})).trustedSigners
    expect(trusted.filter((one) => one.fingerprint === signer.fingerprint)).toHaveLength(1)
    await call('identity.forgetSigner', { fingerprint: signer.fingerprint })
  })

  it('trust needs the fingerprint received another way, typed or pasted', async () => {
    const trust = { publicKey: attackerKey, investigator: investigatorOf(fixtureActor) }
    await expect(call('identity.trustSigner', trust as never)).rejects.toThrow(/ValidationError/)
    await expect(
      call('identity.trustSigner', { ...trust, fingerprint: '0'.repeat(32) }),
    ).rejects.toThrow(/fingerprint: is not the fingerprint of this key/)
    expect((await call('identity.get', {})).trustedSigners).toEqual([])
  })
})
