import { createRequire } from 'node:module'
import { bridgeErrorNames } from '../../../shared/bridge'
import { ServiceError } from '../serviceError'
import { sessionKeyStore, type SecretKeyStore, type SecretSlot } from './secretKeyStore'

/** The part of keytar this app uses; the real module and test fakes both satisfy it. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}

export const defaultKeychainService = 'Compliance Desk'

const isKeytarModule = (value: unknown): value is KeytarModule =>
  typeof value === 'object' &&
  value !== null &&
  ['getPassword', 'setPassword', 'deletePassword', 'findCredentials'].every(
    (name) => typeof (value as Record<string, unknown>)[name] === 'function',
  )

/**
 * keytar is an optional native dependency: `npm install` succeeds without it, so its absence
 * is an expected state here, not an error.
 */
export function loadKeytar(): KeytarModule | null {
  try {
    const loaded: unknown = createRequire(import.meta.url)('keytar')
    return isKeytarModule(loaded) ? loaded : null
  } catch {
    return null
  }
}

const keychainFailure = (action: string): ServiceError =>
  new ServiceError(
    bridgeErrorNames.keychain,
    `The OS keychain refused to ${action}. Unlock your keychain (or log in again) and retry.`,
    { mayHaveReachedService: false },
  )

/** Keychain accounts of the secrets that are not an environment's API key. */
const namedAccounts: Partial<Record<SecretSlot, string>> = {
  'signing-key': 'signing-key:ed25519',
  'team-password': 'team-password:couchdb',
}

export function keychainKeyStore(keytar: KeytarModule, service: string): SecretKeyStore {
  const account = (slot: SecretSlot): string => namedAccounts[slot] ?? `api-key:${slot}`
  return {
    kind: 'os-keychain',
    detail: 'Keys are stored in the operating system keychain.',
    get: async (slot) => {
      try {
        return await keytar.getPassword(service, account(slot))
      } catch {
        throw keychainFailure('read the key')
      }
    },
    set: async (slot, secretKey) => {
      try {
        await keytar.setPassword(service, account(slot), secretKey)
      } catch {
        throw keychainFailure('store the key')
      }
    },
    delete: async (slot) => {
      try {
        await keytar.deletePassword(service, account(slot))
      } catch {
        throw keychainFailure('delete the key')
      }
    },
  }
}

const withTimeout = async <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

export interface OpenKeyStoreOptions {
  service?: string
  keytar?: KeytarModule | null
  probeTimeoutMs?: number
}

/**
 * The OS keychain when keytar loads and a secret service answers; otherwise a session-only store
 * whose `detail` tells the user plainly that keys will be forgotten when the app quits.
 */
export async function openKeyStore(options: OpenKeyStoreOptions = {}): Promise<SecretKeyStore> {
  const service = options.service ?? defaultKeychainService
  const keytar = options.keytar === undefined ? loadKeytar() : options.keytar
  if (!keytar) {
    return sessionKeyStore(
      'No OS keychain support is installed (keytar is missing), so keys are held for this session only and must be entered again after a restart.',
    )
  }
  try {
    await withTimeout(keytar.findCredentials(service), options.probeTimeoutMs ?? 3000)
  } catch {
    return sessionKeyStore(
      'The OS keychain is not available (no secret service is running or it is locked), so keys are held for this session only and must be entered again after a restart.',
    )
  }
  return keychainKeyStore(keytar, service)
}
