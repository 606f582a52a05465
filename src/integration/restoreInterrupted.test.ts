import 'fake-indexeddb/auto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMainSide, type MainSide } from '../main/app/startMainSide'
import { dispatchBridgeCall } from '../main/bridge/dispatchBridgeCall'
import { sessionKeyStore } from '../main/services/keys/secretKeyStore'
import { startSandbox, type RunningSandbox } from '../sandbox/sandboxServer'
import type { BridgeMethod, BridgeOutput, BridgeReply } from '../shared/bridge'
import { bridgeErrorNames } from '../shared/bridge/errors'
import { createCallBridge, type CallBridge } from '../renderer/src/bridge/bridgeCall'
import { createCase } from '../renderer/src/data/cases/caseRepository'
import { openAppDatabase } from '../renderer/src/data/database/appDatabase'
import { currentDatabaseName } from '../renderer/src/data/database/databasePointer'
import { verifyBackup } from '../renderer/src/data/backup/backupReader'
import { restorableInProcess } from '../renderer/src/data/backup/restorableBackup'
import { writeBackup } from '../renderer/src/data/backup/backupWriter'
import { stageRecordedRestore, unfinishedRestore } from '../renderer/src/data/backup/restoreRecord'
import { fixtureActor } from '../test-support/evidenceFixtures'
import { investigatorOf } from '../shared/identity/investigator'
import type { ChosenSettings } from '../shared/backup/pendingRestore'

/**
 * A restore whose main side dies part-way, with the renderer's own code on a real IndexedDB
 * implementation and the real main side, started again on the same data folder as a user would.
 */
const backedUpUrl = 'https://backed-up.example.com/v2/api'
const changedUrl = 'https://changed-since.example.com/v2/api'
const dataDir = mkdtempSync(join(tmpdir(), 'cd-restore-interrupted-'))
const keyStore = sessionKeyStore('test store')
let sandbox: RunningSandbox
let mainSide: MainSide

/** The main side (started again on the same data folder and keychain), as the renderer calls it. */
async function start(): Promise<CallBridge> {
  const { baseUrl, secretKey } = sandbox.environment('sandbox')
  mainSide = await startMainSide({ dataDir, keyStore, localSandbox: { baseUrl, secretKey } })
  const handlers = mainSide.handlers
  return createCallBridge({
    invoke: (method, input) =>
      dispatchBridgeCall(handlers, method, input) as Promise<
        BridgeReply<BridgeOutput<typeof method>>
      >,
  })
}

/** The main side killed as `method` is called: the call never reaches it, as with a dead host. */
const dyingAt =
  (call: CallBridge, method: BridgeMethod, { after = false } = {}): CallBridge =>
  async (called, input) => {
    if (called !== method) return call(called, input)
    if (after) await call(called, input)
    await mainSide.close()
    throw Object.assign(new Error('Compliance Desk’s background process is not answering.'), {
      name: bridgeErrorNames.hostUnreachable,
    })
  }

/** One page here: no other switches databases meanwhile. */
const onePage = { whileSwitching: <T>(work: () => Promise<T>) => work() }

const productionUrl = async (call: CallBridge) =>
  (await call('settings.get', {})).environments.find(({ id }) => id === 'production')?.baseUrl

let backup: Uint8Array

/** Each start here has a session-only key, so the backup is restored as untrusted data. */
const knownTo = async (call: CallBridge) => {
  const identity = await call('identity.get', {})
  return {
    known: { own: identity.signingKey, trusted: identity.trustedSigners },
    allowUntrusted: true,
  }
}
/** Every setting the backup holds, as if the user ticked every change. */
const everything: ChosenSettings = { keysHeld: [], baseUrls: { production: backedUpUrl } }

beforeAll(async () => {
  sandbox = await startSandbox()
  const call = await start()
  await call('settings.setBaseUrl', { environment: 'production', baseUrl: backedUpUrl })
  await call('identity.setInvestigator', { investigator: investigatorOf(fixtureActor) })
  const source = openAppDatabase(`source-${crypto.randomUUID()}`)
  await createCase(source, fixtureActor, { title: 'Backed up', subject: 'ACME', description: '' })
  const finished = await writeBackup(source, call)
  if (finished.delivery.kind !== 'download') throw new Error('expected a download')
  const file = mainSide.downloads.take(finished.delivery.url.split('/').pop() ?? '')
  backup = readFileSync(file!.path)
  await call('settings.setBaseUrl', { environment: 'production', baseUrl: changedUrl })
  await mainSide.close()
})

afterAll(async () => {
  await mainSide.close()
  await sandbox.close()
})

describe('a restore stopped part-way', () => {
  it('killed between the switch and the settings: every start says the settings did not come back, until the restore is finished', async () => {
    const before = await currentDatabaseName()
    const call = await start()
    const verified = await verifyBackup(
      openAppDatabase(before),
      new Blob([backup]),
      await knownTo(call),
    )
    const restoring = stageRecordedRestore(
      restorableInProcess(verified),
      'backup.zip',
      dyingAt(call, 'backup.finishRestore'),
      onePage,
    )
    expect(await restoring.commit(everything)).toEqual({
      settingsError: expect.any(String) as unknown,
    })
    const restored = await currentDatabaseName()
    expect(restored).not.toBe(before)

    for (let starts = 0; starts < 2; starts += 1) {
      const again = await start()
      const unfinished = await unfinishedRestore(again, onePage.whileSwitching)
      expect(unfinished).toMatchObject({
        cameBack: 'data',
        restore: { database: restored, fileName: 'backup.zip', settings: everything },
      })
      expect(await productionUrl(again)).toBe(changedUrl)
      await mainSide.close()
    }

    const again = await start()
    const { restore } = (await unfinishedRestore(again, onePage.whileSwitching))!
    const settings = await again('backup.finishRestore', { restoreId: restore.restoreId })
    expect(settings.environments.find(({ id }) => id === 'production')?.baseUrl).toBe(backedUpUrl)
    expect(await unfinishedRestore(again, onePage.whileSwitching)).toBeNull()
    await mainSide.close()
    expect(await unfinishedRestore(await start(), onePage.whileSwitching)).toBeNull()
    await mainSide.close()
  })

  it('killed once recorded and before the switch: nothing came back, nothing changed, and it can be dismissed', async () => {
    const before = await currentDatabaseName()
    const call = await start()
    await call('settings.setBaseUrl', { environment: 'production', baseUrl: changedUrl })
    const restoring = stageRecordedRestore(
      restorableInProcess(
        await verifyBackup(openAppDatabase(before), new Blob([backup]), await knownTo(call)),
      ),
      'backup.zip',
      dyingAt(call, 'backup.stageRestore', { after: true }),
      onePage,
    )
    await expect(restoring.commit(everything)).rejects.toThrow(/not answering/)
    expect(await currentDatabaseName()).toBe(before)

    const again = await start()
    const unfinished = await unfinishedRestore(again, onePage.whileSwitching)
    expect(unfinished?.cameBack).toBe('nothing')
    expect(await productionUrl(again)).toBe(changedUrl)
    expect(
      await again('backup.discardRestore', { restoreId: unfinished!.restore.restoreId }),
    ).toEqual({ discarded: true })
    expect(await unfinishedRestore(again, onePage.whileSwitching)).toBeNull()
    expect(await productionUrl(again)).toBe(changedUrl)
  })
})
