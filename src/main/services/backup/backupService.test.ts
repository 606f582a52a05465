import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  backupManifestSchema,
  backupPaths,
  type BackupSettings,
} from '../../../shared/backup/backupFormat'
import { blockReplacing } from '../../../test-support/refusingStorage'
import { maxBackupChunkBytes } from '../../../shared/bridge/backupContract'
import { createEnvironmentService } from '../environments/environmentService'
import { createIdentityService } from '../identity/identityService'
import { chosenFileDestination } from '../evidence/exportDestination'
import { sessionKeyStore, type SecretKeyStore } from '../keys/secretKeyStore'
import { createChangeAlerts } from '../notifications/changeAlerts'
import { noOsNotifications } from '../notifications/notificationPort'
import { openSettingsStore } from '../settings/settingsStore'
import { BackupService } from './backupService'
import { openPendingRestoreFile } from './pendingRestoreFile'
import { RestoreService } from './restoreService'

const productionKey = 'sk_live_kept_on_this_computer_9876'
const createdAt = new Date('2026-11-22T09:30:00.000Z')
const ana = { name: 'Ana Example', email: 'ana@example.org', organisation: 'Example Ltd' }

/** A chunk as the renderer sends it: NDJSON deflated. */
const chunk = (ndjson: string | Uint8Array) => deflateRawSync(ndjson)

/**
 * The main side's settings and its restores over the data folder `dataDir`, as a start opens
 * them: a second start on the same folder and key store reads what the first left.
 */
const mainSettings = async (dataDir: string, keys: SecretKeyStore) => {
  const settings = await openSettingsStore(dataDir)
  const identity = createIdentityService(settings, keys)
  const environments = createEnvironmentService({
    settings,
    keys,
    localSandbox: { baseUrl: 'http://127.0.0.1:1/', secretKey: 'sk_test_local_0000' },
  })
  const alerts = createChangeAlerts(settings, noOsNotifications)
  const file = await openPendingRestoreFile(dataDir)
  const restore = new RestoreService({ file, dataDir, environments, identity, alerts })
  return { environments, identity, alerts, restore }
}

/** A service writing to a folder of its own, as Electron's save dialog would have chosen. */
const service = async ({ cancel = false } = {}) => {
  const folder = mkdtempSync(join(tmpdir(), 'cd-backup-'))
  const dataDir = mkdtempSync(join(tmpdir(), 'cd-backup-settings-'))
  const keys = sessionKeyStore('tests keep keys for the session')
  const { environments, identity, alerts, restore } = await mainSettings(dataDir, keys)
  // Every backup is signed by its investigator: refused until the user has said who they are.
  await identity.setInvestigator(ana)
  const destination = chosenFileDestination(async (name) => (cancel ? null : join(folder, name)))
  const backup = new BackupService(
    destination,
    environments,
    identity,
    alerts,
    '9.9.9',
    () => createdAt,
  )
  return {
    backup,
    environments,
    identity,
    alerts,
    restore,
    keys,
    folder,
    dataDir,
    /** The main side stopped (killed or not) and started again on the same data folder. */
    restart: () => mainSettings(dataDir, keys),
  }
}

describe('the backup service', () => {
  it('writes the chunks it is sent, its own settings without keys, and a manifest that lists them', async () => {
    const { backup, environments, identity, alerts, keys, folder } = await service()
    await identity.setInvestigator(ana)
    await alerts.set(false)
    await environments.setBaseUrl('production', 'https://api.example.com/v2/api')
    await environments.setKey('production', productionKey)
    await environments.setActive('production')
    const { backupId } = await backup.begin(6, ['checks', 'cases'])
    expect(
      await backup.addEntry(backupId, 'checks', chunk('{"localId":"a"}\n{"localId":"b"}\n')),
    ).toEqual({ rows: 2 })
    await backup.addEntry(backupId, 'checks', chunk('{"localId":"c"}\n'))
    const result = await backup.finish(backupId)

    expect(result.fileName).toBe(join(folder, 'Compliance Desk backup 2026-11-22 0930.zip'))
    expect(result.tables).toEqual([
      { name: 'checks', rows: 3 },
      { name: 'cases', rows: 0 },
    ])
    expect(readdirSync(folder)).toEqual(['Compliance Desk backup 2026-11-22 0930.zip'])
    const zip = readFileSync(result.fileName)
    expect(createHash('sha256').update(zip).digest('hex')).toBe(result.sha256)
    const files = unzipSync(zip)
    const manifest = backupManifestSchema.parse(JSON.parse(strFromU8(files[backupPaths.manifest]!)))
    expect(manifest).toMatchObject({ appVersion: '9.9.9', schemaVersion: 6 })
    for (const entry of manifest.tables.flatMap((table) => table.entries)) {
      const bytes = files[entry.path]!
      expect(entry.bytes).toBe(bytes.length)
      expect(entry.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
    }
    expect(manifest.tables[0]?.entries.map(({ path, rows }) => [path, rows])).toEqual([
      ['tables/checks/00001.ndjson', 2],
      ['tables/checks/00002.ndjson', 1],
    ])
    expect(JSON.parse(strFromU8(files[backupPaths.settings]!))).toEqual({
      activeEnvironment: 'production',
      baseUrls: { production: 'https://api.example.com/v2/api' },
      keysHeld: ['production'],
      investigator: ana,
      trustedSigners: [],
      notifyChanges: false,
    })
    const signingKey = (await keys.get('signing-key'))!
    for (const secret of [productionKey, signingKey]) {
      expect(zip.includes(Buffer.from(secret))).toBe(false)
      expect(Object.values(files).some((bytes) => strFromU8(bytes).includes(secret))).toBe(false)
    }
  })

  it('refuses a chunk that is not one row a line of UTF-8, or of a table it was not told of, and leaves nothing behind', async () => {
    const { backup, folder } = await service()
    const notRows = [chunk('{"a":1}'), chunk('{"a":1}\n\n'), chunk(new Uint8Array([0xc3, 0x0a]))]
    for (const refused of notRows) {
      const { backupId } = await backup.begin(6, ['checks'])
      await expect(backup.addEntry(backupId, 'checks', refused)).rejects.toMatchObject({
        name: 'ValidationError',
        message: 'A chunk of checks is not one JSON row a line of UTF-8 text.',
      })
      await expect(backup.finish(backupId)).rejects.toThrow(/no longer open/)
    }
    const second = await backup.begin(6, ['checks'])
    await expect(backup.addEntry(second.backupId, 'secrets', chunk('{}\n'))).rejects.toThrow(
      'Table secrets was not named when the backup began.',
    )
    expect(readdirSync(folder)).toEqual([])
  })

  it('refuses a chunk that is not raw DEFLATE, or that would inflate past what a chunk may hold', async () => {
    const { backup, folder } = await service()
    const tooLarge = chunk('{}\n'.repeat(maxBackupChunkBytes / 3 + 1))
    for (const refused of [Buffer.from('{"a":1}\n'), tooLarge]) {
      const { backupId } = await backup.begin(6, ['checks'])
      await expect(backup.addEntry(backupId, 'checks', refused)).rejects.toMatchObject({
        name: 'ValidationError',
        message: 'A chunk of checks is not raw DEFLATE of at most 12 MiB.',
      })
    }
    expect(readdirSync(folder)).toEqual([])
  })

  it('says when the user cancelled the save dialog, having written nothing', async () => {
    const { backup, folder } = await service({ cancel: true })
    await expect(backup.begin(6, ['checks'])).rejects.toMatchObject({ name: 'CancelledError' })
    expect(readdirSync(folder)).toEqual([])
  })
})

/** A restore as the renderer records it before switching to `database`. */
const recorded = (settings: BackupSettings, database = 'compliance-desk-restored-1') => ({
  restoreId: crypto.randomUUID(),
  database,
  fileName: 'Compliance Desk backup 2026-11-22 0930.zip',
  backupMadeAt: createdAt.toISOString(),
  settings,
})

/** Settings put in place as a restore does: recorded, then finished. */
const restoreSettings = async (restore: RestoreService, settings: BackupSettings) => {
  const { restoreId } = await restore.stage(recorded(settings))
  return restore.finish(restoreId)
}

describe('a restore’s settings', () => {
  it('are recorded before the switch and found by every start until finished, then put in place and forgotten', async () => {
    const { restore, restart } = await service()
    const staged = recorded({
      activeEnvironment: 'production',
      baseUrls: { production: 'https://api.example.com/' },
      keysHeld: [],
      investigator: ana,
    })
    await restore.stage(staged)
    // The main side dies after the switch, before the settings: started again, it still knows.
    const again = await restart()
    expect(again.restore.pending()).toEqual({ pending: staged })
    expect((await again.environments.view()).activeEnvironment).toBe('local')
    const afterThat = await restart()
    expect(afterThat.restore.pending()).toEqual({ pending: staged })
    const view = await afterThat.restore.finish(staged.restoreId)
    expect(view.activeEnvironment).toBe('production')
    expect((await afterThat.identity.view()).investigator).toEqual(ana)
    expect((await restart()).restore.pending()).toEqual({ pending: null })
    await expect(afterThat.restore.finish(staged.restoreId)).rejects.toThrow(
      /no longer waiting to be finished/,
    )
  })

  it('can be discarded, the settings here kept; a later restore replaces an earlier one', async () => {
    const { restore, environments, restart } = await service()
    const settings = { activeEnvironment: 'sandbox' as const, baseUrls: {}, keysHeld: [] }
    const first = recorded(settings)
    await restore.stage(first)
    const second = recorded(settings, 'compliance-desk-restored-2')
    await restore.stage(second)
    expect(await restore.discard(first.restoreId)).toEqual({ discarded: false })
    expect(restore.pending()).toEqual({ pending: second })
    expect(await restore.discard(second.restoreId)).toEqual({ discarded: true })
    expect((await restart()).restore.pending()).toEqual({ pending: null })
    expect((await environments.view()).activeEnvironment).toBe('local')
  })

  it('are not recorded when storage refuses, said as such, and nothing changes', async () => {
    const { restore, dataDir } = await service()
    const unblock = blockReplacing(join(dataDir, 'pending-restore.json'))
    await expect(
      restore.stage(recorded({ activeEnvironment: 'local', baseUrls: {}, keysHeld: [] })),
    ).rejects.toMatchObject({
      name: 'StorageError',
      message: expect.stringMatching(
        /so the restore did not start: the data and settings here are as they were\. .*then restore again\.$/,
      ) as unknown,
    })
    unblock()
    expect(restore.pending()).toEqual({ pending: null })
  })

  it('put a backup’s addresses and active environment in place; a key for another origin goes', async () => {
    const { restore, environments, keys } = await service()
    await environments.setBaseUrl('production', 'https://old.example.org/')
    await environments.setKey('production', productionKey)
    const view = await restoreSettings(restore, {
      activeEnvironment: 'sandbox',
      baseUrls: { sandbox: 'https://sandbox.example.com/', production: 'https://api.example.com/' },
      keysHeld: ['production'],
    })
    expect(view.activeEnvironment).toBe('sandbox')
    expect(view.environments.map(({ id, baseUrl }) => [id, baseUrl])).toEqual([
      ['local', 'http://127.0.0.1:1/'],
      ['sandbox', 'https://sandbox.example.com/'],
      ['production', 'https://api.example.com/'],
    ])
    expect(await keys.get('production')).toBeNull()
  })

  it('bring back the choice of change notifications, and leave it alone for a backup without one', async () => {
    const { restore, alerts } = await service()
    const settings = { activeEnvironment: 'local' as const, baseUrls: {}, keysHeld: [] }
    await restoreSettings(restore, { ...settings, notifyChanges: false })
    expect(alerts.view().notifyChanges).toBe(false)
    await restoreSettings(restore, settings)
    expect(alerts.view().notifyChanges).toBe(false)
    await restoreSettings(restore, { ...settings, notifyChanges: true })
    expect(alerts.view().notifyChanges).toBe(true)
  })

  it('bring back who worked on the computer and whom they trusted, keeping this computer’s own key', async () => {
    const { restore, identity } = await service()
    const ownKey = (await identity.view()).signingKey
    const colleague = await service()
    const colleagueKey = (await colleague.identity.view()).signingKey
    const signerOf = ({ publicKey, fingerprint }: typeof ownKey, name: string) => ({
      ...ana,
      name,
      publicKey,
      fingerprint,
      trustedAt: createdAt.toISOString(),
    })
    await restoreSettings(restore, {
      activeEnvironment: 'local',
      baseUrls: {},
      keysHeld: [],
      investigator: ana,
      trustedSigners: [
        signerOf(colleagueKey, 'Ben'),
        signerOf(ownKey, 'Me, from the old computer'),
      ],
    })
    const restored = await identity.view()
    expect(restored.investigator).toEqual(ana)
    expect(restored.signingKey.fingerprint).toBe(ownKey.fingerprint)
    expect(restored.trustedSigners.map(({ fingerprint }) => fingerprint)).toEqual([
      colleagueKey.fingerprint,
    ])
  })
})
