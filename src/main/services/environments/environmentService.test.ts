import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sessionKeyStore } from '../keys/secretKeyStore'
import { openSettingsStore } from '../settings/settingsStore'
import { createEnvironmentService } from './environmentService'

const service = async () => {
  const keys = sessionKeyStore('tests keep keys for the session')
  const environments = createEnvironmentService({
    settings: await openSettingsStore(mkdtempSync(join(tmpdir(), 'cd-environments-'))),
    keys,
    localSandbox: { baseUrl: 'http://127.0.0.1:1/', secretKey: 'sk_test_local_0000' },
  })
  return { environments, keys }
}

describe('a key and the address it was entered for', () => {
  it('keeps the key when the address stays on the same origin', async () => {
    const { environments } = await service()
    await environments.setBaseUrl('production', 'https://api.example.com/v2/')
    await environments.setKey('production', 'sk_live_entered_for_example_1234')
    await environments.setBaseUrl('production', 'https://api.example.com/')
    expect(await environments.resolve('production')).toMatchObject({
      baseUrl: 'https://api.example.com/',
      secretKey: 'sk_live_entered_for_example_1234',
    })
  })

  it('removes the key when the address moves to another origin, so it is never sent there', async () => {
    const { environments, keys } = await service()
    await environments.setBaseUrl('production', 'https://api.example.com/')
    await environments.setKey('production', 'sk_live_entered_for_example_1234')
    const view = await environments.setBaseUrl('production', 'https://collector.example.net/')
    expect(await keys.get('production')).toBeNull()
    const production = view.environments.find(({ id }) => id === 'production')
    expect(production?.key.isSet).toBe(false)
    // A call to the new address now asks for the key instead of sending the old one.
    await expect(environments.resolve('production')).rejects.toMatchObject({
      name: 'MissingKeyError',
    })
  })

  it('reads a key stored before keys were tied to an address as not yet confirmed', async () => {
    const { environments, keys } = await service()
    await environments.setBaseUrl('production', 'https://api.example.com/')
    await keys.set('production', 'sk_live_stored_by_an_earlier_version')
    await expect(environments.resolve('production')).rejects.toMatchObject({
      name: 'MissingKeyError',
    })
    await environments.confirmKeyAddress('production')
    expect(await environments.resolve('production')).toMatchObject({
      secretKey: 'sk_live_stored_by_an_earlier_version',
    })
  })
})
