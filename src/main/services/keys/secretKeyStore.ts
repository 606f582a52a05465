import type { EnvironmentId } from '../../../shared/environments'

export type KeyStorageKind = 'os-keychain' | 'session-only'

/** Where secret API keys live. Implementations never log or persist a key anywhere else. */
export interface SecretKeyStore {
  readonly kind: KeyStorageKind
  /** One sentence for the settings screen: where keys are kept and, if not in a keychain, why. */
  readonly detail: string
  get(environment: EnvironmentId): Promise<string | null>
  set(environment: EnvironmentId, secretKey: string): Promise<void>
  delete(environment: EnvironmentId): Promise<void>
}

/** Fallback when no OS keychain can be used: keys live in this process's memory and die with it. */
export function sessionKeyStore(detail: string): SecretKeyStore {
  const keys = new Map<EnvironmentId, string>()
  return {
    kind: 'session-only',
    detail,
    get: async (environment) => keys.get(environment) ?? null,
    set: async (environment, secretKey) => {
      keys.set(environment, secretKey)
    },
    delete: async (environment) => {
      keys.delete(environment)
    },
  }
}
