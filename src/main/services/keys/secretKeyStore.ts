import type { EnvironmentId } from '../../../shared/environments'

export type KeyStorageKind = 'os-keychain' | 'session-only'

/**
 * What a secret is for: an environment's API key, the investigator's private signing key, or
 * their password on the team's server.
 */
export type SecretSlot = EnvironmentId | 'signing-key' | 'team-password'

/** Where secret API keys and the signing key live. Implementations never log or persist a key anywhere else. */
export interface SecretKeyStore {
  readonly kind: KeyStorageKind
  /** One sentence for the settings screen: where keys are kept and, if not in a keychain, why. */
  readonly detail: string
  get(slot: SecretSlot): Promise<string | null>
  set(slot: SecretSlot, secretKey: string): Promise<void>
  delete(slot: SecretSlot): Promise<void>
}

/** Fallback when no OS keychain can be used: keys live in this process's memory and die with it. */
export function sessionKeyStore(detail: string): SecretKeyStore {
  const keys = new Map<SecretSlot, string>()
  return {
    kind: 'session-only',
    detail,
    get: async (slot) => keys.get(slot) ?? null,
    set: async (slot, secretKey) => {
      keys.set(slot, secretKey)
    },
    delete: async (slot) => {
      keys.delete(slot)
    },
  }
}
