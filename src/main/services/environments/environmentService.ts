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
  deleteKey(environment: EnvironmentId): Promise<SettingsView>
  /** The active environment with its key, read from the key store at call time. */
  resolveActive(): Promise<ResolvedEnvironment>
  /** A given environment with its key, read from the key store at call time. */
  resolve(environment: EnvironmentId): Promise<ResolvedEnvironment>
}

const lastFour = (key: string): string => key.slice(-4)

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
    const stored = await keys.get(environment)
    const key: KeyStatus =
      stored !== null
        ? { isSet: true, last4: lastFour(stored), source: storedSource }
        : environment === 'local'
          ? { isSet: true, last4: lastFour(localSandbox.secretKey), source: 'built-in' }
          : { isSet: false, last4: null, source: null }
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
    const secretKey = (await keys.get(id)) ?? (id === 'local' ? localSandbox.secretKey : null)
    if (secretKey === null) {
      throw new ServiceError(
        bridgeErrorNames.missingKey,
        `No API key is set for ${label}. Add the secret key in Settings, or switch to the Local sandbox.`,
        { mayHaveReachedService: false },
      )
    }
    return { id, label, baseUrl, secretKey }
  }

  return {
    view,
    setActive: async (environment) => {
      await settings.update((current) => ({ ...current, activeEnvironment: environment }))
      return view()
    },
    setBaseUrl: async (environment, baseUrl) => {
      const before = baseUrlOf(environment)
      // A key belongs to the address it was entered for: it is never sent to another origin
      // unless the user types it again for that one.
      if (before !== null && new URL(before).origin !== new URL(baseUrl).origin)
        await keys.delete(environment)
      await settings.update((current) => ({
        ...current,
        baseUrls: { ...current.baseUrls, [environment]: baseUrl },
      }))
      return view()
    },
    setKey: async (environment, secretKey) => {
      await keys.set(environment, secretKey)
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
