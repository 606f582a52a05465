import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { bridgeMethods } from '../../shared/bridge'
import { dispatchBridgeCall } from '../bridge/dispatchBridgeCall'
import { sessionKeyStore } from '../services/keys/secretKeyStore'
import { startMainSide, type MainSide } from './startMainSide'

const plantedKey = 'sk_test_PLANTED_secret_value_9Zq1'
let mainSide: MainSide | undefined

const start = async (dataDir = mkdtempSync(join(tmpdir(), 'cd-main-'))) => {
  mainSide = await startMainSide({ dataDir, keyStore: sessionKeyStore('test store') })
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
    expect(sandbox?.key).toEqual({ isSet: true, last4: '9Zq1', source: 'session' })
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
    const first = await start()
    await first.call('settings.setBaseUrl', {
      environment: 'sandbox',
      baseUrl: 'https://sandbox.example.com/',
    })
    await first.mainSide.close()
    const second = await start(first.dataDir)
    expect(JSON.stringify(await second.call('settings.get', {}))).toContain(
      'https://sandbox.example.com/',
    )
    await second.mainSide.close()

    writeFileSync(join(first.dataDir, 'settings.json'), '{ half a file')
    const third = await start(first.dataDir)
    expect(JSON.stringify(await third.call('settings.get', {}))).toContain(
      '"activeEnvironment":"local"',
    )
    const aside = readdirSync(first.dataDir).filter((name) =>
      name.startsWith('settings.json.unreadable-'),
    )
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(first.dataDir, aside[0]!), 'utf8')).toBe('{ half a file')
  })

  it('has a handler for every method of the contract', async () => {
    const { mainSide } = await start()
    expect(Object.keys(mainSide.handlers).sort()).toEqual([...bridgeMethods].sort())
  })
})
