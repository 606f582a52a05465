import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { strToU8, Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate'
import { genesisHash, verifyAuditChain } from '../shared/cases/auditChain'
import {
  bundlePaths,
  currentReportLayout,
  evidenceFormat,
  manifestCaseOf,
  type BundleManifest,
} from '../shared/evidence/bundleFormat'
import { hitsCsv } from '../shared/evidence/hitsCsv'
import { actorOfSigner } from '../shared/identity/investigator'
import { renderReportHtml } from '../shared/evidence/reportHtml'
import { actedBy, signAs, strangerKey, type BundleFiles } from './bundleTampering'
import { caseFixture } from './evidenceFixtures'

/** For tests of the bundle reader: ZIPs built entry by entry, and forged where a test needs it. */

export type ZipEntry = readonly [name: string, content: Uint8Array]

const json = (value: unknown): Uint8Array => strToU8(JSON.stringify(value, null, 2))

const concat = (chunks: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

/** An entry whose deflated bytes are given as they are, with whatever size it should declare. */
export interface DeflatedEntry {
  name: string
  deflated: Uint8Array<ArrayBuffer>
  declaredSize: number
  crc?: number
}

/**
 * A ZIP of these entries in this order, streamed by fflate as the app's bundle writer streams
 * (sizes in data descriptors after each entry). Names go in as given, never as object keys, so
 * `__proto__` or a duplicate name is written like any other.
 */
export function zipOf(
  entries: ReadonlyArray<ZipEntry | DeflatedEntry>,
  options: { stored?: boolean } = {},
): Uint8Array {
  const chunks: Uint8Array[] = []
  const zip = new Zip((error, chunk) => {
    if (error) throw error
    chunks.push(chunk)
  })
  for (const entry of entries) {
    if ('deflated' in entry) {
      const { name, deflated, declaredSize, crc = 0 } = entry
      const file: ZipInputFile = { filename: name, size: declaredSize, crc, compression: 8 }
      zip.add(file)
      file.ondata?.(null, deflated, true)
      continue
    }
    const [name, content] = entry
    const file = options.stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 })
    zip.add(file)
    file.push(content, true)
  }
  zip.end()
  return concat(chunks)
}

/** The files of a small bundle that verifies: a closed case, its trail, the signed manifest. */
export function minimalBundleEntries(title = 'Fixture case'): ZipEntry[] {
  const fixture = caseFixture([])
  const caseRecord = { ...fixture.caseRecord, title }
  const signer = strangerKey('Fixture signer')
  const trail = actedBy(fixture.auditTrail, actorOfSigner(signer.signer))
  const createdAt = '2026-11-21T10:00:00.000Z'
  const appVersion = 'test'
  const report = renderReportHtml({
    createdAt,
    signer: signer.signer,
    appVersion,
    caseRecord,
    checks: [],
    decisionOf: () => undefined,
    entities: fixture.entities,
    notes: fixture.notes,
    auditTrail: trail,
    auditCheck: verifyAuditChain(trail),
  })
  const files: ZipEntry[] = [
    [bundlePaths.case, json(caseRecord)],
    [bundlePaths.entities, json(fixture.entities)],
    [bundlePaths.notes, json(fixture.notes)],
    [bundlePaths.auditTrail, json(trail)],
    [bundlePaths.decisions, json(fixture.decisions)],
    [bundlePaths.hitsCsv, strToU8(hitsCsv([], () => undefined))],
    [bundlePaths.report, strToU8(report)],
  ]
  const manifest: BundleManifest = {
    format: evidenceFormat,
    createdAt,
    exporter: { app: 'Compliance Desk', appVersion },
    case: manifestCaseOf(caseRecord),
    counts: { checks: 0, entities: 1, notes: 1, decisions: 0, hits: 0 },
    auditTrail: {
      entries: trail.length,
      headHash: trail[trail.length - 1]?.hash ?? genesisHash,
      intact: true,
    },
    files: files.map(([path, bytes]) => ({
      path,
      sha256: bytesToHex(sha256(bytes)),
      bytes: bytes.length,
    })),
    reportLayout: currentReportLayout,
    signer: signer.signer,
  }
  const signed: BundleFiles = { [bundlePaths.manifest]: json(manifest) }
  signAs(signed, signer)
  return [
    ...files,
    [bundlePaths.manifest, signed[bundlePaths.manifest]!],
    [bundlePaths.signature, signed[bundlePaths.signature]!],
  ]
}

const viewOf = (zip: Uint8Array): DataView => new DataView(zip.buffer, zip.byteOffset, zip.length)

/** Where an entry's central record and local header start, in a ZIP without a comment. */
export function entryOffsets(zip: Uint8Array, name: string): { central: number; local: number } {
  const view = viewOf(zip)
  const end = zip.length - 22
  let at = view.getUint32(end + 16, true)
  for (let index = 0; index < view.getUint16(end + 10, true); index += 1) {
    const nameLength = view.getUint16(at + 28, true)
    if (new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength)) === name) {
      return { central: at, local: view.getUint32(at + 42, true) }
    }
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
  }
  throw new Error(`the ZIP has no entry ${name}`)
}

/** A copy in which `edit` has changed bytes through a DataView. */
export function forged(
  zip: Uint8Array,
  edit: (view: DataView, copy: Uint8Array) => void,
): Uint8Array {
  const copy = zip.slice()
  edit(viewOf(copy), copy)
  return copy
}

/**
 * Declares another uncompressed size for an entry of a ZIP that keeps sizes in its local headers
 * (fflate's `zipSync`), in the central record and the local header alike.
 */
export const withDeclaredSize = (zip: Uint8Array, name: string, size: number): Uint8Array =>
  forged(zip, (view) => {
    const { central, local } = entryOffsets(zip, name)
    view.setUint32(central + 24, size, true)
    view.setUint32(local + 22, size, true)
  })

/** The ZIP without an entry's central record: its local header and data stay where they were. */
export function withoutCentralRecord(zip: Uint8Array, name: string): Uint8Array {
  const view = viewOf(zip)
  const { central } = entryOffsets(zip, name)
  const recordLength =
    46 +
    view.getUint16(central + 28, true) +
    view.getUint16(central + 30, true) +
    view.getUint16(central + 32, true)
  const shorter = concat([zip.subarray(0, central), zip.subarray(central + recordLength)])
  return forged(shorter, (endView) => {
    const end = shorter.length - 22
    const count = endView.getUint16(end + 10, true) - 1
    endView.setUint16(end + 8, count, true)
    endView.setUint16(end + 10, count, true)
    endView.setUint32(end + 12, endView.getUint32(end + 12, true) - recordLength, true)
  })
}
