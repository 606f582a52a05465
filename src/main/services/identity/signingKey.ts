import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { keyFingerprint } from '../../../shared/identity/investigator'
import type { KeyStorageKind, SecretKeyStore } from '../keys/secretKeyStore'

/** The investigator's Ed25519 key: the private half never leaves this object or the keychain. */
export interface SigningKey {
  readonly publicKey: string
  readonly fingerprint: string
  readonly storage: KeyStorageKind
  /** One sentence for Settings and the report: where the private half is kept. */
  readonly detail: string
  sign(message: Uint8Array): string
}

const isSecretKeyHex = (text: string): boolean => /^[0-9a-f]{64}$/.test(text)

/**
 * Reads the key pair from the key store, or makes one on first use and stores its private half
 * there. With a session-only store the key dies with the process, and `detail` says so: bundles
 * signed with it can still be verified, but no later bundle will carry the same key.
 */
export async function openSigningKey(keys: SecretKeyStore): Promise<SigningKey> {
  const stored = await keys.get('signing-key')
  let secretKey: Uint8Array
  if (stored !== null && isSecretKeyHex(stored)) {
    secretKey = hexToBytes(stored)
  } else {
    // A stored value that is not a key cannot sign anything; a fresh key is the only way on,
    // and the old fingerprint no longer matching is what the user will see.
    secretKey = ed25519.utils.randomSecretKey()
    await keys.set('signing-key', bytesToHex(secretKey))
  }
  const publicKey = bytesToHex(ed25519.getPublicKey(secretKey))
  return {
    publicKey,
    fingerprint: keyFingerprint(publicKey),
    storage: keys.kind,
    detail:
      keys.kind === 'os-keychain'
        ? 'The private signing key is kept in the operating system keychain.'
        : 'No OS keychain is available: bundles are signed with a key for this session only, which a restart replaces.',
    sign: (message) => bytesToHex(ed25519.sign(message, secretKey)),
  }
}
