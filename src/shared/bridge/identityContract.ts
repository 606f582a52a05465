import { z } from 'zod'
import {
  fingerprintSchema,
  investigatorSchema,
  keyFingerprint,
  normaliseFingerprint,
  publicKeyHexSchema,
  trustedSignerSchema,
} from '../identity/investigator'
import { defineMethod } from './defineMethod'

export const identityViewSchema = z.object({
  /** Null until the user has said who works on this computer. */
  investigator: investigatorSchema.nullable(),
  /** The public half only: the private key never crosses the bridge. */
  signingKey: z.object({
    publicKey: publicKeyHexSchema,
    fingerprint: fingerprintSchema,
    storage: z.enum(['os-keychain', 'session-only']),
    detail: z.string(),
  }),
  trustedSigners: z.array(trustedSignerSchema),
})
export type IdentityView = z.infer<typeof identityViewSchema>

export const identityContract = {
  'identity.get': defineMethod(z.strictObject({}), identityViewSchema),
  'identity.setInvestigator': defineMethod(
    z.strictObject({ investigator: investigatorSchema }),
    identityViewSchema,
  ),
  /**
   * Trusts a colleague's key, given on purpose: `fingerprint` is the one the colleague gave the
   * user another way, typed or pasted, and must be the key's own once normalised (spaces, colons
   * and capitals aside); the key's fingerprint is worked out here, never taken on trust.
   */
  'identity.trustSigner': defineMethod(
    z
      .strictObject({
        publicKey: publicKeyHexSchema,
        investigator: investigatorSchema,
        fingerprint: z.string().max(200),
      })
      .refine(
        ({ publicKey, fingerprint }) =>
          normaliseFingerprint(fingerprint) === keyFingerprint(publicKey),
        {
          path: ['fingerprint'],
          message:
            'is not the fingerprint of this key: compare it again with the one the signer gave you; nothing was trusted',
        },
      ),
    identityViewSchema,
  ),
  'identity.forgetSigner': defineMethod(
    z.strictObject({ fingerprint: fingerprintSchema }),
    identityViewSchema,
  ),
}
