import { ed25519 } from '@noble/curves/ed25519.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { nextAuditEntry } from '../shared/cases/auditChain'
import type { AuditEntry } from '../shared/cases/caseSchemas'
import { readBundleChecks } from '../shared/evidence/bundleChecks'
import {
  bundlePaths,
  signatureFormat,
  type BundleManifest,
  type BundleSignature,
} from '../shared/evidence/bundleFormat'
import {
  actorOfSigner,
  keyFingerprint,
  type Actor,
  type Signer,
} from '../shared/identity/investigator'
import { reportOfBundle } from '../shared/evidence/reportMeaning'

export type BundleFiles = Record<string, Uint8Array>

/** Someone with a key of their own, but not the investigator's. */
export interface Stranger {
  signer: Signer
  secretKey: Uint8Array
}

export function strangerKey(name = 'Mallory'): Stranger {
  const secretKey = ed25519.utils.randomSecretKey()
  const publicKey = bytesToHex(ed25519.getPublicKey(secretKey))
  return {
    signer: {
      name,
      email: 'mallory@example.net',
      organisation: 'Elsewhere Ltd',
      publicKey,
      fingerprint: keyFingerprint(publicKey),
    },
    secretKey,
  }
}

const jsonBytes = (value: unknown): Uint8Array => strToU8(`${JSON.stringify(value, null, 2)}\n`)

export function editJson<T>(files: BundleFiles, path: string, change: (value: T) => void): void {
  const value = JSON.parse(strFromU8(files[path]!)) as T
  change(value)
  files[path] = jsonBytes(value)
}

/** Signs manifest.json as it now is with another key, naming that key in the manifest too. */
export function signAs(files: BundleFiles, { signer, secretKey }: Stranger): void {
  editJson<Record<string, unknown>>(files, bundlePaths.manifest, (manifest) => {
    manifest.signer = signer
  })
  const manifest = files[bundlePaths.manifest]!
  const signature: BundleSignature = {
    format: signatureFormat,
    algorithm: 'Ed25519',
    signedFile: bundlePaths.manifest,
    manifestSha256: bytesToHex(sha256(manifest)),
    signer,
    signature: bytesToHex(ed25519.sign(manifest, secretKey)),
  }
  files[bundlePaths.signature] = jsonBytes(signature)
}

/**
 * Edits a bundle as an attacker would: the edit, then every manifest line made to agree with the
 * files again, and, when given a key, the manifest signed anew with it.
 */
export function tamperBundle(
  bundle: Uint8Array,
  edit: (files: BundleFiles) => void,
  resignAs?: Stranger,
): Uint8Array {
  return rezipBundle(bundle, (files) => {
    edit(files)
    relistFiles(files)
    if (resignAs) signAs(files, resignAs)
  })
}

/** Unpacks a bundle, lets `edit` change its files as they are, and packs it again. */
export function rezipBundle(bundle: Uint8Array, edit: (files: BundleFiles) => void): Uint8Array {
  const files: BundleFiles = unzipSync(bundle)
  edit(files)
  return zipSync(files)
}

/** The same trail chained anew with another actor on every entry. */
export function actedBy(trail: readonly AuditEntry[], actor: Actor): AuditEntry[] {
  const chained: AuditEntry[] = []
  for (const { caseId, action, summary, before, after, at } of trail) {
    chained.push(
      nextAuditEntry(caseId, chained.at(-1), { action, summary, before, after }, actor, at),
    )
  }
  return chained
}

/** Recomputes every manifest line from the files as they now are. */
function relistFiles(files: BundleFiles): void {
  editJson<BundleManifest>(files, bundlePaths.manifest, (manifest) => {
    for (const entry of manifest.files) {
      const bytes = files[entry.path]
      if (!bytes) continue
      entry.sha256 = bytesToHex(sha256(bytes))
      entry.bytes = bytes.length
    }
  })
}

/**
 * Edits a bundle as the most careful forger would, to isolate what only the raw answers or the
 * trail can still show: after the edit, the trail is chained anew with the forger as the actor
 * of every entry (unless `keepActors`), report.html is rendered again from the edited files and
 * the raw answers, every manifest line is recomputed and the manifest signed with their key.
 */
export function forgeBundle(
  bundle: Uint8Array,
  edit: (files: BundleFiles) => void,
  forger: Stranger,
  { keepActors = false }: { keepActors?: boolean } = {},
): Uint8Array {
  return rezipBundle(bundle, (files) => {
    edit(files)
    editJson<AuditEntry[]>(files, bundlePaths.auditTrail, (trail) => {
      if (!keepActors)
        trail.splice(0, trail.length, ...actedBy(trail, actorOfSigner(forger.signer)))
      editJson<BundleManifest>(files, bundlePaths.manifest, (manifest) => {
        manifest.auditTrail.headHash = trail.at(-1)?.hash ?? manifest.auditTrail.headHash
      })
    })
    signAs(files, forger)
    const map = new Map(Object.entries(files))
    const manifest = JSON.parse(strFromU8(files[bundlePaths.manifest]!)) as BundleManifest
    const rendered = reportOfBundle(map, manifest, readBundleChecks(map, []) ?? [])
    if ('report' in rendered) files[bundlePaths.report] = strToU8(rendered.report)
    relistFiles(files)
    signAs(files, forger)
  })
}

/** What a genuine report says of the sanctioned check the bundles of the tests hold. */
const reportedHit = 'status review_required · 1 hit'

/**
 * The bundle with only its report.html changed to say the sanctioned check is clean, re-signed by
 * `forger` (after the most careful forgery of the rest, which changes nothing): a report that lies
 * while every other file, the manifest and the signature hold.
 */
export function withReportSayingClean(bundle: Uint8Array, forger: Stranger): Uint8Array {
  const consistent = forgeBundle(bundle, () => undefined, forger)
  return tamperBundle(
    consistent,
    (files) => {
      const report = strFromU8(files[bundlePaths.report]!)
      if (!report.includes(reportedHit)) throw new Error(`the report does not say “${reportedHit}”`)
      files[bundlePaths.report] = strToU8(report.replace(reportedHit, 'status no_match · 0 hits'))
    },
    forger,
  )
}

/** What the verifier says of the report `withReportSayingClean` leaves. */
export const reportSaysCleanProblem =
  /^meaning report\.html: does not say what the bundle's files say: line \d+ reads “….*no_match · 0 hits.*” where the bundle's files give “….*review_required · 1 hit.*”$/
