import { bridgeErrorNames } from '../../../shared/bridge'
import type {
  EnvironmentSettings,
  KeyStatus,
  SettingsView,
} from '../../../shared/bridge/settingsContract'
import {
  environmentIds,
  environmentLabels,
  type EnvironmentId,
  type RemoteEnvironmentId,
} from '../../../shared/environments'
import { readBoundApiKey, writeBoundApiKey, type BoundApiKey } from '../keys/boundApiKey'
import type { SecretKeyStore } from '../keys/secretKeyStore'
import { ServiceError } from '../serviceError'
import type { SettingsStore } from '../settings/settingsStore'

/** The embedded local sandbox: its address and built-in key are chosen by the app at launch. */
export interface LocalSandboxEndpoint {
  baseUrl: string
  secretKey: string
}

/** Everything a request needs; exists only on the main side, for the duration of one call. */
export interface ResolvedEnvironment {
  id: EnvironmentId
  label: string
  baseUrl: string
  secretKey: string
}

export interface EnvironmentService {
  view(): Promise<SettingsView>
  setActive(environment: EnvironmentId): Promise<SettingsView>
  setBaseUrl(environment: RemoteEnvironmentId, baseUrl: string): Promise<SettingsView>
  setKey(environment: EnvironmentId, secretKey: string): Promise<SettingsView>
  /** The user says the stored key belongs to the environment's current address. */
  confirmKeyAddress(environment: RemoteEnvironmentId): Promise<SettingsView>
  deleteKey(environment: EnvironmentId): Promise<SettingsView>
  /** The active environment with its key, read from the key store at call time. */
  resolveActive(): Promise<ResolvedEnvironment>
  /** A given environment with its key, read from the key store at call time. */
  resolve(environment: EnvironmentId): Promise<ResolvedEnvironment>
}

const lastFour = (key: string): string => key.slice(-4)

const originOf = (baseUrl: string | null): string | null =>
  baseUrl === null ? null : new URL(baseUrl).origin

/**
 * Whether a stored key may go to `baseUrl`. The Local sandbox's address is the app's own choice
 * (its port may change per launch), so only a remote environment's key is tied to an origin.
 */
const mayBeSentTo = (
  environment: EnvironmentId,
  key: BoundApiKey,
  baseUrl: string | null,
): boolean => environment === 'local' || (key.origin !== null && key.origin === originOf(baseUrl))

export function createEnvironmentService(deps: {
  settings: SettingsStore
  keys: SecretKeyStore
  localSandbox: LocalSandboxEndpoint
}): EnvironmentService {
  const { settings, keys, localSandbox } = deps
  const storedSource: KeyStatus['source'] = keys.kind === 'os-keychain' ? 'keychain' : 'session'

  const baseUrlOf = (environment: EnvironmentId): string | null =>
    environment === 'local' ? localSandbox.baseUrl : (settings.read().baseUrls[environment] ?? null)

  const describe = async (environment: EnvironmentId): Promise<EnvironmentSettings> => {
    const stored = await readBoundApiKey(keys, environment)
    const key: KeyStatus =
      stored !== null
        ? {
            isSet: true,
            last4: lastFour(stored.secretKey),
            source: storedSource,
            addressConfirmed: mayBeSentTo(environment, stored, baseUrlOf(environment)),
          }
        : environment === 'local'
          ? {
              isSet: true,
              last4: lastFour(localSandbox.secretKey),
              source: 'built-in',
              addressConfirmed: true,
            }
          : { isSet: false, last4: null, source: null, addressConfirmed: true }
    return {
      id: environment,
      label: environmentLabels[environment],
      baseUrl: baseUrlOf(environment),
      baseUrlEditable: environment !== 'local',
      key,
    }
  }

  const view = async (): Promise<SettingsView> => ({
    activeEnvironment: settings.read().activeEnvironment,
    keyStorage: { kind: keys.kind, detail: keys.detail },
    environments: await Promise.all(environmentIds.map(describe)),
  })

  const resolve = async (id: EnvironmentId): Promise<ResolvedEnvironment> => {
    const label = environmentLabels[id]
    const baseUrl = baseUrlOf(id)
    if (baseUrl === null) {
      throw new ServiceError(
        bridgeErrorNames.missingKey,
        `No base URL is set for ${label}. Add it in Settings, or switch to the Local sandbox.`,
        { mayHaveReachedService: false },
      )
    }
    const stored = await readBoundApiKey(keys, id)
    if (stored === null && id === 'local') {
      return { id, label, baseUrl, secretKey: localSandbox.secretKey }
    }
    if (stored === null) {
      throw new ServiceError(
        bridgeErrorNames.missingKey,
        `No API key is set for ${label}. Add the secret key in Settings, or switch to the Local sandbox.`,
        { mayHaveReachedService: false },
      )
    }
    if (!mayBeSentTo(id, stored, baseUrl)) {
      throw new ServiceError(
        bridgeErrorNames.missingKey,
        `The ${label} key has not been confirmed for ${originOf(baseUrl)}, so it was not sent. In Settings, confirm that the key belongs to this address, or enter the key again.`,
        { mayHaveReachedService: false },
      )
    }
    return { id, label, baseUrl, secretKey: stored.secretKey }
  }

  return {
    view,
    setActive: async (environment) => {
      await settings.update((current) => ({ ...current, activeEnvironment: environment }))
      return view()
    },
    setBaseUrl: async (environment, baseUrl) => {
      // A key belongs to the address it was entered for: it is never sent to another origin
      // unless the user types it again for that one. A key bound to no address yet stays
      // unbound: saving an address is not saying the key belongs to it.
      const stored = await readBoundApiKey(keys, environment)
      if (stored?.origin != null && stored.origin !== originOf(baseUrl)) {
        await keys.delete(environment)
      }
      await settings.update((current) => ({
        ...current,
        baseUrls: { ...current.baseUrls, [environment]: baseUrl },
      }))
      return view()
    },
    setKey: async (environment, secretKey) => {
      // Typed with an address on show, the key is for that address; typed before any, for none yet.
      const origin = environment === 'local' ? null : originOf(baseUrlOf(environment))
      await writeBoundApiKey(keys, environment, { secretKey, origin })
      return view()
    },
    confirmKeyAddress: async (environment) => {
      const stored = await readBoundApiKey(keys, environment)
      const origin = originOf(baseUrlOf(environment))
      if (stored === null || origin === null) {
        throw new ServiceError(
          bridgeErrorNames.missingKey,
          `${environmentLabels[environment]} needs both an address and a key before the key can be confirmed for it. Save the address, then the key.`,
          { mayHaveReachedService: false },
        )
      }
      await writeBoundApiKey(keys, environment, { secretKey: stored.secretKey, origin })
      return view()
    },
    deleteKey: async (environment) => {
      await keys.delete(environment)
      return view()
    },
    resolveActive: () => resolve(settings.read().activeEnvironment),
    resolve,
  }
}
