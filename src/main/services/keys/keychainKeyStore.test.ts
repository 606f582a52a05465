import { describe, expect, it } from 'vitest'
import { ServiceError } from '../serviceError'
import { keychainKeyStore, openKeyStore, type KeytarModule } from './keychainKeyStore'

/** An in-memory keytar, standing in for the native module where behaviour is not the point. */
const fakeKeytar = (
  overrides: Partial<KeytarModule> = {},
): KeytarModule & { entries: Map<string, string> } => {
  const entries = new Map<string, string>()
  return {
    entries,
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => {
      entries.set(`${service}/${account}`, password)
    },
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
    findCredentials: async () => [],
    ...overrides,
  }
}

describe('openKeyStore', () => {
  it('uses the OS keychain when keytar loads and the secret service answers', async () => {
    const store = await openKeyStore({ keytar: fakeKeytar(), service: 'test' })
    expect(store.kind).toBe('os-keychain')
  })

  it('falls back to a session-only store, saying why, when keytar is missing', async () => {
    const store = await openKeyStore({ keytar: null })
    expect(store.kind).toBe('session-only')
    expect(store.detail).toMatch(/keytar is missing.*this session only/)
  })

  it('falls back when no secret service answers, or when it hangs', async () => {
    const failing = await openKeyStore({
      keytar: fakeKeytar({ findCredentials: () => Promise.reject(new Error('no dbus')) }),
    })
    expect(failing.kind).toBe('session-only')
    expect(failing.detail).toContain('not available')
    const hanging = await openKeyStore({
      keytar: fakeKeytar({ findCredentials: () => new Promise(() => {}) }),
      probeTimeoutMs: 50,
    })
    expect(hanging.kind).toBe('session-only')
  })

  it('session-only store keeps, replaces and forgets keys in memory', async () => {
    const store = await openKeyStore({ keytar: null })
    await store.set('sandbox', 'sk_test_one')
    await store.set('sandbox', 'sk_test_two')
    expect(await store.get('sandbox')).toBe('sk_test_two')
    await store.delete('sandbox')
    expect(await store.get('sandbox')).toBeNull()
  })
})

describe('keychainKeyStore', () => {
  it('stores one key per environment under the service name', async () => {
    const keytar = fakeKeytar()
    const store = keychainKeyStore(keytar, 'Compliance Desk')
    await store.set('production', 'sk_live_123456789')
    expect([...keytar.entries.keys()]).toEqual(['Compliance Desk/api-key:production'])
    expect(await store.get('sandbox')).toBeNull()
  })

  it('turns a keychain failure into a KeychainError sentence without the key in it', async () => {
    const store = keychainKeyStore(
      fakeKeytar({ setPassword: () => Promise.reject(new Error('locked')) }),
      'x',
    )
    const failure = await store
      .set('sandbox', 'sk_test_secret_value')
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ServiceError)
    expect((failure as ServiceError).name).toBe('KeychainError')
    expect((failure as ServiceError).message).not.toContain('sk_test_secret_value')
  })
})
