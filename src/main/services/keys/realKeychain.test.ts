import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { loadKeytar, openKeyStore } from './keychainKeyStore'

const keytar = loadKeytar()
const service = `compliance-desk-test-${randomBytes(6).toString('hex')}`
const store = await openKeyStore({ keytar, service })
const unavailableReason =
  keytar === null
    ? 'keytar is not installed'
    : store.kind !== 'os-keychain'
      ? 'no unlocked secret service is running (run under dbus-run-session with gnome-keyring-daemon --unlock)'
      : null

describe('the real OS keychain through keytar', () => {
  afterAll(async () => {
    if (keytar && unavailableReason === null)
      for (const { account } of await keytar.findCredentials(service))
        await keytar.deletePassword(service, account)
  })

  it('stores, replaces and deletes a key', async (context) => {
    if (unavailableReason !== null) {
      // CI provides a keychain: there, its absence is a failure, never a skip.
      if (process.env.CI)
        throw new Error(`The real keychain test must run in CI, but ${unavailableReason}.`)
      console.warn(`Skipping the real keychain test: ${unavailableReason}.`)
      context.skip()
    }
    const first = `sk_test_${randomBytes(12).toString('hex')}`
    const rotated = `sk_test_${randomBytes(12).toString('hex')}`
    await store.set('sandbox', first)
    expect(await keytar!.getPassword(service, 'api-key:sandbox')).toBe(first)
    await store.set('sandbox', rotated)
    expect(await store.get('sandbox')).toBe(rotated)
    expect(await keytar!.findCredentials(service)).toHaveLength(1)
    await store.delete('sandbox')
    expect(await store.get('sandbox')).toBeNull()
    expect(await keytar!.findCredentials(service)).toHaveLength(0)
  })
})
