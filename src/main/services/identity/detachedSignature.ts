import { createHash } from 'node:crypto'
import { signatureFormat, type BundleSignature } from '../../../shared/evidence/bundleFormat'
import type { Signer } from '../../../shared/identity/investigator'

/**
 * The detached Ed25519 signature over a file's exact bytes, as they are in the ZIP, by the
 * investigator's key: a bundle's manifest.json and a backup's backup.json are signed alike, so one
 * verifier (checkBundleSignature) checks both.
 */
export function detachedSignature(
  signedFile: string,
  bytes: Uint8Array,
  { signer, key }: { signer: Signer; key: { sign(message: Uint8Array): string } },
): Omit<BundleSignature, 'signedFile'> & { signedFile: string } {
  return {
    format: signatureFormat,
    algorithm: 'Ed25519',
    signedFile,
    manifestSha256: createHash('sha256').update(bytes).digest('hex'),
    signer,
    signature: key.sign(bytes),
  }
}
