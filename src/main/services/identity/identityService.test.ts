import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { keyFingerprint } from '../../../shared/identity/investigator'
import { sessionKeyStore, type SecretKeyStore } from '../keys/secretKeyStore'
import { openSettingsStore } from '../settings/settingsStore'
import { createIdentityService } from './identityService'
import { openSigningKey } from './signingKey'

const ana = { name: 'Ana Example', email: 'ana@example.org', organisation: 'Example Ltd' }

async function identityIn(keys: SecretKeyStore = sessionKeyStore('test')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cd-identity-'))
  const settings = await openSettingsStore(dataDir)
  return { dataDir, keys, identity: createIdentityService(settings, keys) }
}

describe('the signing key', () => {
  it('is made once, on first use, and its private half kept in the key store', async () => {
    const keys = sessionKeyStore('test')
    expect(await keys.get('signing-key')).toBeNull()
    const first = await openSigningKey(keys)
    const secret = await keys.get('signing-key')
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    const again = await openSigningKey(keys)
    expect(again.fingerprint).toBe(first.fingerprint)
    expect(bytesToHex(ed25519.getPublicKey(hexToBytes(secret!)))).toBe(first.publicKey)
    expect(first.fingerprint).toBe(keyFingerprint(first.publicKey))
  })

  it('signs so that the public key verifies, and says plainly when it lives for this session only', async () => {
    const key = await openSigningKey(sessionKeyStore('test'))
    const message = new TextEncoder().encode('manifest bytes')
    expect(ed25519.verify(hexToBytes(key.sign(message)), message, hexToBytes(key.publicKey))).toBe(
      true,
    )
    expect(key.storage).toBe('session-only')
    expect(key.detail).toMatch(/signed with a key for this session only/)
  })
})

describe('the identity service', () => {
  it('keeps the investigator in the settings file and never the private key', async () => {
    const { dataDir, keys, identity } = await identityIn()
    expect((await identity.view()).investigator).toBeNull()
    await expect(identity.signer()).rejects.toThrow(/Say who you are first/)
    const view = await identity.setInvestigator(ana)
    expect(view.investigator).toEqual(ana)
    const secret = (await keys.get('signing-key'))!
    const file = readFileSync(join(dataDir, 'settings.json'), 'utf8')
    expect(file).toContain('ana@example.org')
    expect(file).not.toContain(secret)
    expect(JSON.stringify(view)).not.toContain(secret)
    const { signer } = await identity.signer()
    expect(signer).toEqual({ ...ana, ...view.signingKey, storage: undefined, detail: undefined })
  })

  it('trusts a colleague’s key by its own fingerprint, refuses its own, and forgets on request', async () => {
    const { identity } = await identityIn()
    const colleague = bytesToHex(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
    const trusted = await identity.trustSigner(colleague, { ...ana, name: 'Ben Colleague' })
    expect(trusted.trustedSigners).toEqual([
      expect.objectContaining({
        name: 'Ben Colleague',
        publicKey: colleague,
        fingerprint: keyFingerprint(colleague),
      }),
    ])
    const own = (await identity.view()).signingKey.publicKey
    await expect(identity.trustSigner(own, ana)).rejects.toThrow(/your own key/)
    const forgotten = await identity.forgetSigner(keyFingerprint(colleague))
    expect(forgotten.trustedSigners).toEqual([])
  })
})
