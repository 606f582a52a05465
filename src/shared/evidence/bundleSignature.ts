import { z } from 'zod'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { normaliseFingerprint, type Signer } from '../identity/investigator'
import { keyFingerprint, verifyEd25519 } from '../identity/investigator'
import { bundlePaths, bundleSignatureSchema } from './bundleFormat'
import type { BundleProblem } from './verifyBundle'

export type SignatureCheck =
  | { status: 'valid'; signer: Signer }
  /** Signed, but the signature does not hold: `signer` is who it claims to be from, if readable. */
  | { status: 'invalid'; signer: Signer | null }
  | { status: 'unsigned' }

const parseJson = (bytes: Uint8Array): unknown => {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return undefined
  }
}

/** Which file a detached signature signs and where it lies: a bundle's by default; a backup's too. */
export interface SignedPaths {
  signed: string
  signature: string
}

const bundleSignedPaths: SignedPaths = {
  signed: bundlePaths.manifest,
  signature: bundlePaths.signature,
}

/**
 * Checks the detached signature over the signed file's exact bytes (a bundle's manifest.json, or a
 * backup's backup.json). The signed file names its signer too, inside the signed bytes, and both
 * must name the same key: a signature cannot be moved onto another investigator's file, nor a file
 * re-signed under a name it does not carry.
 */
export function checkBundleSignature(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: { signer?: Signer | undefined },
  problems: BundleProblem[],
  expectedSigner?: string,
  paths: SignedPaths = bundleSignedPaths,
): SignatureCheck {
  const manifestBytes = files.get(paths.signed)
  const signatureBytes = files.get(paths.signature)
  const fail = (detail: string, signer: Signer | null = null): SignatureCheck => {
    problems.push({ kind: 'signature', path: paths.signature, detail })
    return { status: 'invalid', signer }
  }
  if (!manifestBytes) return { status: 'unsigned' }
  if (!signatureBytes) {
    problems.push({
      kind: 'unsigned',
      path: paths.signature,
      detail:
        'is missing: the bundle is not signed, so nothing shows who made it or that it is unchanged since',
    })
    return { status: 'unsigned' }
  }
  const parsed = bundleSignatureSchema
    .extend({ signedFile: z.literal(paths.signed) })
    .safeParse(parseJson(signatureBytes))
  if (!parsed.success) return fail('is not a readable signature file')
  const { signer, signature, manifestSha256 } = parsed.data
  if (keyFingerprint(signer.publicKey) !== signer.fingerprint) {
    return fail("gives a fingerprint that is not its public key's", signer)
  }
  const named = manifest.signer
  const fields = ['name', 'email', 'organisation', 'fingerprint', 'publicKey'] as const
  if (!named || fields.some((field) => named[field] !== signer[field])) {
    return fail(`names a different signer than ${paths.signed} does`, signer)
  }
  const manifestHash = bytesToHex(sha256(manifestBytes))
  if (!verifyEd25519(signature, manifestBytes, signer.publicKey)) {
    return fail(
      manifestHash === manifestSha256
        ? `is not a valid signature of ${paths.signed} by the key it names`
        : `does not match ${paths.signed}: the manifest was changed after it was signed`,
      signer,
    )
  }
  if (expectedSigner !== undefined && normaliseFingerprint(expectedSigner) !== signer.fingerprint) {
    problems.push({
      kind: 'signer',
      path: paths.signature,
      detail: `is by key ${signer.fingerprint}, not by the expected ${normaliseFingerprint(expectedSigner)}`,
    })
  }
  return { status: 'valid', signer }
}
