import { backupPaths, type BackupManifest } from '../../../../shared/backup/backupFormat'
import { checkBundleSignature } from '../../../../shared/evidence/bundleSignature'
import type { BundleProblem } from '../../../../shared/evidence/verifyBundle'
import { groupedFingerprint, trustOf, type Signer } from '../../../../shared/identity/investigator'

/** The keys this computer knows: its own and those the user trusts (see identity.get). */
export interface KnownSigners {
  own: { fingerprint: string }
  trusted: readonly { fingerprint: string }[]
}

/**
 * Whether a backup may be restored as this computer's own data: signed by its own key or a trusted
 * colleague's, or not (unsigned, badly signed, or by a key it does not know), with why in a sentence.
 */
export type BackupTrust =
  | { kind: 'own' | 'trusted'; signer: Signer }
  | { kind: 'untrusted'; signer: Signer | null; reason: string }

const signerName = (signer: Signer): string =>
  `${signer.name} <${signer.email}> (key ${groupedFingerprint(signer.fingerprint)})`

/**
 * Checks backup.json's detached signature with the bundles' verifier (checkBundleSignature), then
 * who signed it against the keys this computer knows.
 */
export function backupTrust(
  manifestBytes: Uint8Array,
  signatureBytes: Uint8Array | undefined,
  manifest: BackupManifest,
  known: KnownSigners,
): BackupTrust {
  const files = new Map<string, Uint8Array>([[backupPaths.manifest, manifestBytes]])
  if (signatureBytes) files.set(backupPaths.signature, signatureBytes)
  const problems: BundleProblem[] = []
  const check = checkBundleSignature(files, manifest, problems, undefined, {
    signed: backupPaths.manifest,
    signature: backupPaths.signature,
  })
  if (check.status === 'unsigned') {
    return {
      kind: 'untrusted',
      signer: null,
      reason:
        'The backup is not signed, so nothing shows who made it or that it is unchanged since.',
    }
  }
  if (check.status === 'invalid') {
    return {
      kind: 'untrusted',
      signer: check.signer,
      reason: `The backup's signature does not hold: its ${backupPaths.signature} ${problems[0]?.detail ?? 'is not valid'}. It was changed after it was made, or is not from who it names.`,
    }
  }
  const trust = trustOf(check.signer.fingerprint, known.own, known.trusted)
  if (trust !== 'unknown') return { kind: trust, signer: check.signer }
  return {
    kind: 'untrusted',
    signer: check.signer,
    reason: `The backup is signed by ${signerName(check.signer)}, a key that is neither this computer's nor one of your trusted signers.`,
  }
}
