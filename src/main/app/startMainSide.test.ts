import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/sandboxServer'
import { bridgeMethods } from '../../shared/bridge'
import { blockReplacing } from '../../test-support/refusingStorage'
import { dispatchBridgeCall } from '../bridge/dispatchBridgeCall'
import { sessionKeyStore } from '../services/keys/secretKeyStore'
import { startMainSide, type MainSide } from './startMainSide'

const atomicFilePath = resolve(__dirname, '../services/dataFolder/atomicFile.ts')
const plantedKey = 'sk_test_PLANTED_secret_value_9Zq1'
let mainSide: MainSide | undefined

const start = async (
  dataDir = mkdtempSync(join(tmpdir(), 'cd-main-')),
  localSandbox?: { baseUrl: string; secretKey: string },
) => {
  mainSide = await startMainSide({
    dataDir,
    keyStore: sessionKeyStore('test store'),
    ...(localSandbox ? { localSandbox } : {}),
  })
  return {
    mainSide,
    dataDir,
    call: (method: string, input: unknown) => dispatchBridgeCall(mainSide!.handlers, method, input),
  }
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))

/** A data folder a start left with a base URL set for the Sandbox. */
const folderWithBaseUrl = async (): Promise<string> => {
  const first = await start()
  await first.call('settings.setBaseUrl', {
    environment: 'sandbox',
    baseUrl: 'https://sandbox.example.com/',
  })
  await first.mainSide.close()
  return first.dataDir
}

afterEach(async () => {
  await mainSide?.close()
  mainSide = undefined
})

describe('the main side on its embedded local sandbox', () => {
  it('lists entities from the local sandbox with no key and no setup', async () => {
    const { call } = await start()
    const reply = await call('entities.list', { page: 1, limit: 20 })
    expect(reply).toMatchObject({ ok: true, data: { environment: 'local', total: 300, page: 1 } })
  })

  it('never returns a stored key over the bridge, only its last 4 characters, and never writes it to a file', async () => {
    const { call, dataDir } = await start()
    await call('settings.setBaseUrl', {
      environment: 'sandbox',
      baseUrl: 'https://sandbox.example.com/',
    })
    const replies = [
      await call('keys.set', { environment: 'sandbox', secretKey: plantedKey }),
      await call('settings.get', {}),
      await call('settings.setActiveEnvironment', { environment: 'sandbox' }),
    ]
    for (const reply of replies) {
      expect(reply.ok).toBe(true)
      expect(JSON.stringify(reply)).not.toContain(plantedKey)
      expect(JSON.stringify(reply)).not.toContain(plantedKey.slice(0, -4))
    }
    const sandbox = (
      replies[1] as { ok: true; data: { environments: Array<{ id: string; key: unknown }> } }
    ).data.environments.find((environment) => environment.id === 'sandbox')
    expect(sandbox?.key).toEqual({
      isSet: true,
      last4: '9Zq1',
      source: 'session',
      addressConfirmed: true,
    })
    for (const file of filesUnder(dataDir))
      expect(readFileSync(file, 'utf8')).not.toContain(plantedKey)
  })

  it('replaces a key on rotation and deletes it on request', async () => {
    const { call } = await start()
    await call('keys.set', { environment: 'production', secretKey: 'sk_live_first_key_AAAA' })
    const rotated = await call('keys.set', {
      environment: 'production',
      secretKey: 'sk_live_second_key_BBBB',
    })
    expect(JSON.stringify(rotated)).toContain('"last4":"BBBB"')
    const deleted = await call('keys.delete', { environment: 'production' })
    expect(JSON.stringify(deleted)).toContain(
      '"id":"production","label":"Production","baseUrl":null,"baseUrlEditable":true,"key":{"isSet":false',
    )
  })

  it('says which setting is missing when the active environment cannot be used', async () => {
    const { call } = await start()
    await call('settings.setActiveEnvironment', { environment: 'production' })
    const noUrl = await call('entities.list', { page: 1, limit: 20 })
    expect(noUrl).toMatchObject({ ok: false, error: { name: 'MissingKeyError' } })
    expect(JSON.stringify(noUrl)).toContain('No base URL is set for Production')
    await call('settings.setBaseUrl', {
      environment: 'production',
      baseUrl: 'https://api.example.com/',
    })
    const noKey = await call('entities.list', { page: 1, limit: 20 })
    expect(JSON.stringify(noKey)).toContain('No API key is set for Production')
  })

  it('refuses a plain-http base URL that is not loopback, and accepts loopback http', async () => {
    const { call } = await start()
    const refused = await call('settings.setBaseUrl', {
      environment: 'production',
      baseUrl: 'http://api.example.com/',
    })
    expect(refused).toMatchObject({ ok: false, error: { name: 'ValidationError' } })
    expect(JSON.stringify(refused)).toContain('baseUrl: must use https')
    const loopback = await call('settings.setBaseUrl', {
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:9999/',
    })
    expect(loopback.ok).toBe(true)
  })

  it('keeps settings across launches and moves an unreadable settings file aside instead of losing it', async () => {
    const dataDir = await folderWithBaseUrl()
    const second = await start(dataDir)
    expect(JSON.stringify(await second.call('settings.get', {}))).toContain(
      'https://sandbox.example.com/',
    )
    await second.mainSide.close()

    writeFileSync(join(dataDir, 'settings.json'), '{ half a file')
    const third = await start(dataDir)
    expect(JSON.stringify(await third.call('settings.get', {}))).toContain(
      '"activeEnvironment":"local"',
    )
    const aside = readdirSync(dataDir).filter((name) =>
      name.startsWith('settings.json.unreadable-'),
    )
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(dataDir, aside[0]!), 'utf8')).toBe('{ half a file')
  })

  it('has a handler for every method of the contract', async () => {
    const { mainSide } = await start()
    expect(Object.keys(mainSide.handlers).sort()).toEqual([...bridgeMethods].sort())
  })
})

describe('a data folder a process was killed in', () => {
  it('loses no file and keeps no unfinished write from a writer killed before its rename', async () => {
    const dataDir = await folderWithBaseUrl()
    const settings = readFileSync(join(dataDir, 'settings.json'), 'utf8')
    // A real process, killed once its new file is written and synced but not yet in place.
    const writer = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(atomicFilePath)}).then(({ replaceFile, nodeFolderFs }) =>
          replaceFile(${JSON.stringify(join(dataDir, 'settings.json'))}, 'new', {
            fs: { ...nodeFolderFs, rename: () => { console.log('written'); return new Promise(() => {}) } },
          }))`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise<void>((resolve) => writer.stdout.on('data', () => resolve()))
    writer.kill('SIGKILL')
    await new Promise((resolve) => writer.on('exit', resolve))
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toHaveLength(1)

    await start(dataDir)
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([])
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).toBe(settings)
  })
})

describe('a data folder that cannot be written', () => {
  /** Every call that would send or save, with a valid input. */
  const writes: Array<[string, unknown]> = [
    [
      'crypto.search',
      {
        requestId: crypto.randomUUID(),
        query: '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
        isSubjectConsent: true,
        type: 'all',
      },
    ],
    [
      'entities.create',
      {
        requestId: crypto.randomUUID(),
        entity: { entityType: 'business', isSubjectConsent: true, name: 'ACME' },
      },
    ],
    ['settings.setBaseUrl', { environment: 'sandbox', baseUrl: 'https://sandbox.example.com/' }],
    ['settings.setActiveEnvironment', { environment: 'sandbox' }],
    ['system.setChangeAlerts', { notifyChanges: false }],
    ['spending.setScheduledAllowance', { optedIn: true, cap: 10 }],
    ['spending.allowJob', { jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 5 }],
  ]

  /** The main side on a sandbox that counts what reaches it. */
  const startOn = async (dataDir: string) => {
    const sandbox = await startSandbox()
    const started = await start(dataDir, sandbox.environment('sandbox'))
    return { ...started, sandbox }
  }

  it('says it started writable when it could write', async () => {
    const { call } = await start()
    expect(await call('system.storage', {})).toEqual({ ok: true, data: { writable: true } })
  })

  it('starts read-only where the folder cannot even be made, answering reads and refusing every send and save', async () => {
    const parent = join(mkdtempSync(join(tmpdir(), 'cd-main-')), 'a-file')
    writeFileSync(parent, 'not a folder')
    const dataDir = join(parent, 'data')
    const { call, sandbox } = await startOn(dataDir)
    try {
      const storage = await call('system.storage', {})
      const problem = `The data folder (${dataDir}) could not be written (ENOTDIR), so Compliance Desk started read-only: what it keeps can be read, but nothing can be sent or saved. Check the folder and its disk, then restart Compliance Desk.`
      expect(storage).toEqual({ ok: true, data: { writable: false, problem } })
      for (const read of ['settings.get', 'identity.get', 'system.changeAlerts']) {
        expect(await call(read, {})).toMatchObject({ ok: true })
      }
      for (const [method, input] of writes) {
        const reply = await call(method, input)
        expect({ method, reply }).toEqual({
          method,
          reply: {
            ok: false,
            error: { name: 'StorageError', message: problem, mayHaveReachedService: false },
          },
        })
      }
      expect(sandbox.requests).toHaveLength(0)
    } finally {
      await sandbox.close()
    }
  })

  it('reads what the folder holds while it cannot write it', async () => {
    const dataDir = await folderWithBaseUrl()
    // The first write of a start, the journal's rewrite, fails.
    blockReplacing(join(dataDir, 'requests.journal'))
    const before = readdirSync(dataDir).sort()

    const second = await start(dataDir)
    expect(await second.call('system.storage', {})).toMatchObject({
      ok: true,
      data: { writable: false },
    })
    expect(JSON.stringify(await second.call('settings.get', {}))).toContain(
      'https://sandbox.example.com/',
    )
    expect(
      await second.call('settings.setActiveEnvironment', { environment: 'sandbox' }),
    ).toMatchObject({ ok: false, error: { name: 'StorageError' } })
    await second.mainSide.close()
    expect(readdirSync(dataDir).sort()).toEqual(before)
  })
})
