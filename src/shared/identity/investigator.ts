import { ed25519 } from '@noble/curves/ed25519.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { z } from 'zod'

const requiredText = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`)

/** Who works on this computer: asked for before the first case, kept in the settings file. */
export const investigatorSchema = z.strictObject({
  name: requiredText(120),
  email: z.email('must be an e-mail address such as ana@example.org').max(254),
  organisation: requiredText(200),
})
export type Investigator = z.infer<typeof investigatorSchema>

export const publicKeyHexSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'must be an Ed25519 public key: 64 hexadecimal characters')

/** The first 16 bytes of the public key's SHA-256, in hex: short enough to read out, long enough to be unique. */
export const fingerprintSchema = z.string().regex(/^[0-9a-f]{32}$/, 'must be a key fingerprint')

/** Who did something: the investigator and the fingerprint of the key that signs their exports. */
export const actorSchema = investigatorSchema.extend({ fingerprint: fingerprintSchema })
export type Actor = z.infer<typeof actorSchema>

/** The signer of a bundle: an actor with the whole public key, so anyone can check the signature. */
export const signerSchema = actorSchema.extend({ publicKey: publicKeyHexSchema })
export type Signer = z.infer<typeof signerSchema>

/** The person alone, without their key: what a form edits. */
export const investigatorOf = ({ name, email, organisation }: Investigator): Investigator => ({
  name,
  email,
  organisation,
})

/** The signer as an actor: who they are and their key's fingerprint, without the key itself. */
export const actorOfSigner = ({ name, email, organisation, fingerprint }: Signer): Actor => ({
  name,
  email,
  organisation,
  fingerprint,
})

/**
 * Who acts on this computer: its investigator with the fingerprint of its signing key, or null
 * before anyone said who works here (as the bridge's identity view has them).
 */
export const actorOfIdentity = (
  identity: { investigator: Investigator | null; signingKey: { fingerprint: string } } | undefined,
): Actor | null =>
  identity?.investigator
    ? { ...identity.investigator, fingerprint: identity.signingKey.fingerprint }
    : null

export function keyFingerprint(publicKeyHex: string): string {
  return bytesToHex(sha256(hexToBytes(publicKeyHex))).slice(0, 32)
}

/** A fingerprint as typed or pasted (spaces, colons, capitals) in the form it is compared in. */
export const normaliseFingerprint = (text: string): string =>
  text.replace(/[\s:]/g, '').toLowerCase()

/** `3f2a 9c1b …` in groups of four: how people read a fingerprint aloud or compare it by eye. */
export const groupedFingerprint = (fingerprint: string): string =>
  fingerprint.replace(/(.{4})(?=.)/g, '$1 ')

export function verifyEd25519(
  signatureHex: string,
  message: Uint8Array,
  publicKeyHex: string,
): boolean {
  try {
    return ed25519.verify(hexToBytes(signatureHex), message, hexToBytes(publicKeyHex))
  } catch {
    return false
  }
}

/** How this computer knows a signer: its own key, one the user trusts, or not at all. */
export type SignerTrust = 'own' | 'trusted' | 'unknown'

export const trustedSignerSchema = signerSchema.extend({ trustedAt: z.iso.datetime() })
export type TrustedSigner = z.infer<typeof trustedSignerSchema>

export function trustOf(
  fingerprint: string,
  own: { fingerprint: string },
  trusted: readonly { fingerprint: string }[],
): SignerTrust {
  if (fingerprint === own.fingerprint) return 'own'
  return trusted.some((signer) => signer.fingerprint === fingerprint) ? 'trusted' : 'unknown'
}
