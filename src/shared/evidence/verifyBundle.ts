import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { z } from 'zod'
import { genesisHash, verifyAuditChain } from '../cases/auditChain'
import { canonicalJson } from '../cases/canonicalJson'
import { auditEntrySchema } from '../cases/caseSchemas'
import { checkFolders } from './bundleChecks'
import { checkBundleMeaning } from './bundleMeaning'
import {
  bundlePaths,
  evidenceFormats,
  manifestSchema,
  unsafePathReason,
  type BundleManifest,
} from './bundleFormat'
import { checkBundleSignature, type SignatureCheck } from './bundleSignature'
import type { BundleProblem } from './bundleProblems'
import { readBundleZip } from './bundleZip'

export type { BundleProblem, BundleProblemKind } from './bundleProblems'

export interface BundleVerification {
  ok: boolean
  manifest: BundleManifest | null
  /** Listed files whose size and SHA-256 match. */
  matched: number
  problems: BundleProblem[]
  /** Who signed it and whether the signature holds; a bundle passes only with a valid one. */
  signature: SignatureCheck
  /** The bundle's files by path (only safe ones, only when it could be read); import reads these. */
  files: ReadonlyMap<string, Uint8Array>
}

const shortHash = (hash: string): string => `${hash.slice(0, 12)}…`

function readEntries(zip: Uint8Array, problems: BundleProblem[]): Map<string, Uint8Array> | null {
  const read = readBundleZip(zip)
  problems.push(...read.problems)
  return read.files
}

function readManifest(
  files: ReadonlyMap<string, Uint8Array>,
  problems: BundleProblem[],
): BundleManifest | null {
  const bytes = files.get(bundlePaths.manifest)
  if (!bytes) {
    problems.push({ kind: 'manifest', path: bundlePaths.manifest, detail: 'is missing' })
    return null
  }
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    problems.push({ kind: 'manifest', path: bundlePaths.manifest, detail: 'is not valid JSON' })
    return null
  }
  const parsed = manifestSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    problems.push({
      kind: 'manifest',
      path: bundlePaths.manifest,
      detail:
        `is not a Compliance Desk evidence manifest (${evidenceFormats.join(' or ')}): ${issue?.path.join('.') || 'it'} ${issue?.message ?? ''}`.trim(),
    })
    return null
  }
  return parsed.data
}

function compareWithManifest(
  manifest: BundleManifest,
  files: ReadonlyMap<string, Uint8Array>,
  problems: BundleProblem[],
): number {
  let matched = 0
  const listed = new Set<string>()
  for (const file of manifest.files) {
    const reason = unsafePathReason(file.path)
    if (reason !== null) {
      problems.push({
        kind: 'refused',
        path: file.path,
        detail: `is listed with a path that ${reason}`,
      })
      continue
    }
    listed.add(file.path)
    const bytes = files.get(file.path)
    if (!bytes) {
      problems.push({
        kind: 'missing',
        path: file.path,
        detail: 'is listed in the manifest but not in the bundle',
      })
      continue
    }
    const hash = bytesToHex(sha256(bytes))
    if (hash === file.sha256 && bytes.length === file.bytes) {
      matched += 1
      continue
    }
    problems.push({
      kind: 'changed',
      path: file.path,
      detail: `expected ${file.bytes} bytes with SHA-256 ${shortHash(file.sha256)}, found ${bytes.length} bytes with ${shortHash(hash)}`,
    })
  }
  for (const path of files.keys()) {
    if (path !== bundlePaths.manifest && path !== bundlePaths.signature && !listed.has(path)) {
      problems.push({
        kind: 'added',
        path,
        detail: 'is in the bundle but not listed in the manifest',
      })
    }
  }
  return matched
}

const readJson = (bytes: Uint8Array | undefined): unknown => {
  if (!bytes) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return undefined
  }
}

/**
 * The manifest repeats the case, the counts and the trail's head: each must agree with the files
 * it describes, so an edit of the manifest alone is caught too.
 */
function checkManifestAgreement(
  manifest: BundleManifest,
  files: ReadonlyMap<string, Uint8Array>,
  problems: BundleProblem[],
): void {
  const disagree = (what: string): void => {
    problems.push({
      kind: 'manifest',
      path: bundlePaths.manifest,
      detail: `does not agree with ${what}`,
    })
  }
  const caseFile = readJson(files.get(bundlePaths.case)) as Record<string, unknown> | undefined
  for (const [field, value] of Object.entries(manifest.case)) {
    if (canonicalJson(caseFile?.[field]) !== canonicalJson(value)) {
      disagree(`${bundlePaths.case} on the case's ${field}`)
    }
  }
  const present = checkFolders(files).length
  if (present !== manifest.counts.checks) {
    disagree(`the checks in the bundle (${manifest.counts.checks} listed, ${present} present)`)
  }
  const trail = readJson(files.get(bundlePaths.auditTrail))
  if (Array.isArray(trail)) {
    const head = (trail[trail.length - 1] as { hash?: unknown } | undefined)?.hash ?? genesisHash
    if (trail.length !== manifest.auditTrail.entries || head !== manifest.auditTrail.headHash) {
      disagree(`${bundlePaths.auditTrail} (its length or its last hash)`)
    }
  }
}

/** A trail whose file matches the manifest can still have been rewritten before it was hashed. */
function checkAuditTrail(files: ReadonlyMap<string, Uint8Array>, problems: BundleProblem[]): void {
  const bytes = files.get(bundlePaths.auditTrail)
  if (!bytes) return
  let entries: unknown
  try {
    entries = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    problems.push({
      kind: 'audit-trail',
      path: bundlePaths.auditTrail,
      detail: 'is not valid JSON',
    })
    return
  }
  const parsed = z.array(auditEntrySchema).safeParse(entries)
  if (!parsed.success) {
    problems.push({
      kind: 'audit-trail',
      path: bundlePaths.auditTrail,
      detail: 'is not an audit trail',
    })
    return
  }
  const chain = verifyAuditChain(parsed.data)
  if (!chain.intact) {
    problems.push({
      kind: 'audit-trail',
      path: bundlePaths.auditTrail,
      detail: `is broken: ${chain.problem}`,
    })
  }
}

/**
 * Checks a bundle against its manifest and its signature: every listed file present with its size
 * and SHA-256, nothing unlisted, the manifest signed by the key it names (and by `expectedSigner`,
 * a fingerprint, when given), no entry whose path could leave the bundle (such entries are refused before
 * they are even decompressed; nothing is ever written anywhere).
 */
export function verifyBundle(
  zip: Uint8Array,
  options: { expectedSigner?: string } = {},
): BundleVerification {
  const problems: BundleProblem[] = []
  const unsigned: SignatureCheck = { status: 'unsigned' }
  const files = readEntries(zip, problems)
  if (!files) {
    return {
      ok: false,
      manifest: null,
      matched: 0,
      problems,
      signature: unsigned,
      files: new Map(),
    }
  }
  const manifest = readManifest(files, problems)
  const matched = manifest ? compareWithManifest(manifest, files, problems) : 0
  const signature = manifest
    ? checkBundleSignature(files, manifest, problems, options.expectedSigner)
    : unsigned
  if (manifest) {
    // Hashing follows RFC 8785, which cannot represent everything JSON text can (a lone
    // surrogate): such a bundle fails with its reason instead of stopping the verifier.
    try {
      checkManifestAgreement(manifest, files, problems)
      checkAuditTrail(files, problems)
      checkBundleMeaning(files, manifest, problems)
    } catch (error) {
      problems.push({
        kind: 'unreadable',
        detail: `its contents cannot be checked: ${error instanceof Error ? error.message : String(error)}`,
      })
    }
  }
  return {
    ok: manifest !== null && signature.status === 'valid' && problems.length === 0,
    manifest,
    matched,
    problems,
    signature,
    files,
  }
}
