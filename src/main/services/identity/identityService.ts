import { bridgeErrorNames } from '../../../shared/bridge/errors'
import type { IdentityView } from '../../../shared/bridge/identityContract'
import {
  keyFingerprint,
  type Investigator,
  type Signer,
} from '../../../shared/identity/investigator'
import type { SecretKeyStore } from '../keys/secretKeyStore'
import { ServiceError } from '../serviceError'
import type { SettingsStore } from '../settings/settingsStore'
import { openSigningKey, type SigningKey } from './signingKey'

export interface IdentityService {
  view(): Promise<IdentityView>
  setInvestigator(investigator: Investigator): Promise<IdentityView>
  trustSigner(publicKey: string, investigator: Investigator): Promise<IdentityView>
  forgetSigner(fingerprint: string): Promise<IdentityView>
  /** The investigator with the key that signs for them; refused until the user has said who they are. */
  signer(): Promise<{ signer: Signer; key: SigningKey }>
}

/**
 * Who works on this computer (in the settings file) and their signing key (in the key store),
 * made on first use: a keychain that cannot be read today is asked again on the next call.
 */
export function createIdentityService(
  settings: SettingsStore,
  keys: SecretKeyStore,
): IdentityService {
  let opening: Promise<SigningKey> | undefined
  const signingKey = (): Promise<SigningKey> => {
    opening ??= openSigningKey(keys).catch((error: unknown) => {
      opening = undefined
      throw error
    })
    return opening
  }
  const view = async (): Promise<IdentityView> => {
    const key = await signingKey()
    const current = settings.read()
    return {
      investigator: current.investigator ?? null,
      signingKey: {
        publicKey: key.publicKey,
        fingerprint: key.fingerprint,
        storage: key.storage,
        detail: key.detail,
      },
      trustedSigners: current.trustedSigners ?? [],
    }
  }
  return {
    view,
    setInvestigator: async (investigator) => {
      await settings.update((current) => ({ ...current, investigator }))
      return view()
    },
    trustSigner: async (publicKey, investigator) => {
      const fingerprint = keyFingerprint(publicKey)
      if (fingerprint === (await signingKey()).fingerprint) {
        throw new ServiceError(
          bridgeErrorNames.validation,
          'This is your own key: bundles you sign are always recognised.',
          { status: 400, mayHaveReachedService: false },
        )
      }
      // A key already trusted stays as it was trusted (name and date): trusting it again, by hand
      // or by a restore, neither adds it twice nor renames it.
      await settings.update((current) =>
        (current.trustedSigners ?? []).some((signer) => signer.fingerprint === fingerprint)
          ? current
          : {
              ...current,
              trustedSigners: [
                ...(current.trustedSigners ?? []),
                { ...investigator, publicKey, fingerprint, trustedAt: new Date().toISOString() },
              ],
            },
      )
      return view()
    },
    forgetSigner: async (fingerprint) => {
      await settings.update((current) => ({
        ...current,
        trustedSigners: (current.trustedSigners ?? []).filter(
          (signer) => signer.fingerprint !== fingerprint,
        ),
      }))
      return view()
    },
    signer: async () => {
      const key = await signingKey()
      const investigator = settings.read().investigator
      if (!investigator) {
        throw new ServiceError(
          bridgeErrorNames.validation,
          'Say who you are first (Settings → Investigator): every bundle and backup names and is signed by its investigator.',
          { status: 400, mayHaveReachedService: false },
        )
      }
      return {
        signer: { ...investigator, fingerprint: key.fingerprint, publicKey: key.publicKey },
        key,
      }
    },
  }
}
