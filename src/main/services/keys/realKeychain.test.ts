import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { openSigningKey } from '../identity/signingKey'
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

  const requireKeychain = (context: { skip: () => void }): void => {
    if (unavailableReason === null) return
    // CI provides a keychain: there, its absence is a failure, never a skip.
    if (process.env.CI)
      throw new Error(`The real keychain test must run in CI, but ${unavailableReason}.`)
    console.warn(`Skipping the real keychain test: ${unavailableReason}.`)
    context.skip()
  }

  it('stores, replaces and deletes a key', async (context) => {
    requireKeychain(context)
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

  it('keeps the private signing key in the keychain, beside the API keys, across restarts', async (context) => {
    requireKeychain(context)
    const made = await openSigningKey(store)
    expect(made.storage).toBe('os-keychain')
    const secret = await keytar!.getPassword(service, 'signing-key:ed25519')
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    const reopened = await openSigningKey(await openKeyStore({ keytar, service }))
    expect(reopened.fingerprint).toBe(made.fingerprint)
    expect(reopened.publicKey).not.toContain(secret!)
  })
})
