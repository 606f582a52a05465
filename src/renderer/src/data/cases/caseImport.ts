import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { base64 } from '@scure/base'
import { z } from 'zod'
import { cryptoCheckOfRaw } from '../../../../shared/api/cryptoAnswer'
import { checkFolders } from '../../../../shared/evidence/bundleChecks'
import {
  exportedCheckSchema,
  exportedEntitySchema,
  type ExportedCheck,
} from '../../../../shared/bridge/evidenceContract'
import {
  auditEntrySchema,
  caseNoteSchema,
  hitDecisionSchema,
  type CaseRecord,
} from '../../../../shared/cases/caseSchemas'
import { bundlePaths } from '../../../../shared/evidence/bundleFormat'
import { caseFileSchema, caseRecordOfFile } from '../../../../shared/evidence/caseFile'
import type { BundleVerification } from '../../../../shared/evidence/verifyBundle'
import { trustOf, type Actor, type SignerTrust } from '../../../../shared/identity/investigator'
import { onAppDatabase, type AppDatabase } from '../database/appDatabase'
import { storeCaseSummary } from './caseSummaries'
import { CaseRuleError } from './caseErrors'
import { auditTrailOf } from './caseReads'

/** The bundle holds a case this computer already has as an import: replacing it is the user's call. */
export class CaseAlreadyImportedError extends CaseRuleError {
  override name = 'CaseAlreadyImportedError'
}

/** Nothing shows who made the bundle, or this computer does not know its signer: the user decides. */
export class SignerNotKnownError extends CaseRuleError {
  override name = 'SignerNotKnownError'
}

/** The keys this computer knows: its own and those the user trusts. */
export interface KnownKeys {
  own: { fingerprint: string }
  trusted: ReadonlyArray<{ fingerprint: string }>
}

export type BundleTrust = SignerTrust | 'unsigned'

export function bundleTrust(verification: BundleVerification, known: KnownKeys): BundleTrust {
  const { signature } = verification
  if (signature.status !== 'valid') return 'unsigned'
  return trustOf(signature.signer.fingerprint, known.own, known.trusted)
}

/**
 * Only a bundle that verifies may be imported; a bundle made before bundles were signed (its only
 * problem: no signature) may be too, once the user has been told.
 */
export function importable(verification: BundleVerification): boolean {
  if (!verification.manifest) return false
  return verification.problems.every((problem) => problem.kind === 'unsigned')
}

export interface ImportOptions {
  replace?: boolean
  /** Who imports, and the keys their computer knows. */
  importer: Actor
  known: KnownKeys
  /** Set once the user has said yes to a bundle whose signer this computer does not know. */
  acceptUnknownSigner?: boolean
}

const readPart = <T>(
  files: ReadonlyMap<string, Uint8Array>,
  path: string,
  schema: z.ZodType<T>,
): T => {
  const bytes = files.get(path)
  if (!bytes) throw new CaseRuleError(`The bundle has no ${path}, so it cannot be imported.`)
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    throw new CaseRuleError(`The bundle's ${path} is not valid JSON, so it cannot be imported.`)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new CaseRuleError(
      `The bundle's ${path} is not what Compliance Desk writes (${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}), so it cannot be imported.`,
    )
  }
  return parsed.data
}

/** check.json as written by the exporter: the evidence's body lives beside it in response.raw. */
const parsedCheckFileSchema = exportedCheckSchema.extend({
  evidence: exportedCheckSchema.shape.evidence.extend({
    response: z.looseObject({
      status: z.number().int(),
      headers: z.record(z.string(), z.string()),
      bytes: z.number().int().nonnegative(),
      rawFile: z.literal('response.raw'),
    }),
  }),
})

function readChecks(files: ReadonlyMap<string, Uint8Array>): ExportedCheck[] {
  return checkFolders(files).map((folder) => {
    const path = bundlePaths.parsedCheck(folder)
    const parsed = readPart(files, path, parsedCheckFileSchema)
    const raw = files.get(bundlePaths.rawResponse(folder))
    if (!raw) throw new CaseRuleError(`The bundle has no raw answer for ${path}.`)
    // The check as the service's answer says, read by the one parser of answers (verification
    // has already held check.json to it).
    const check = cryptoCheckOfRaw(raw)
    if (!check) throw new CaseRuleError(`The raw answer beside ${path} cannot be read.`)
    const { status, headers, bytes } = parsed.evidence.response
    return exportedCheckSchema.parse({
      ...parsed,
      check,
      evidence: {
        ...parsed.evidence,
        response: { status, headers, bytes, bodyBase64: base64.encode(raw) },
      },
    })
  })
}

/**
 * Imports a verified bundle as a read-only case, so a reviewer can open it in the app. Its checks
 * and entities are kept with the case, apart from this computer's own History and cache.
 */
export async function importBundle(
  db: AppDatabase,
  verification: BundleVerification,
  fileName: string,
  { replace = false, importer, known, acceptUnknownSigner = false }: ImportOptions,
): Promise<CaseRecord> {
  if (!importable(verification) || !verification.manifest) {
    throw new CaseRuleError(
      'Only a bundle that passes verification can be imported: this one does not match its manifest or its signature.',
    )
  }
  const { files, manifest, signature } = verification
  const trust = bundleTrust(verification, known)
  if ((trust === 'unknown' || trust === 'unsigned') && !acceptUnknownSigner) {
    throw new SignerNotKnownError(
      trust === 'unsigned'
        ? 'This bundle is not signed: nothing shows who made it. Import it anyway? The case will be marked as imported unsigned.'
        : `This bundle is signed by ${signature.status === 'valid' ? signature.signer.name : 'someone'}, whose key this computer does not know (not yours, not a trusted signer). Import it anyway? The case will be marked as from an unknown signer.`,
    )
  }
  const exported = caseRecordOfFile(readPart(files, bundlePaths.case, caseFileSchema))
  const notes = readPart(files, bundlePaths.notes, z.array(caseNoteSchema))
  const decisions = readPart(files, bundlePaths.decisions, z.array(hitDecisionSchema))
  const trail = readPart(files, bundlePaths.auditTrail, z.array(auditEntrySchema))
  const entities = readPart(files, bundlePaths.entities, z.array(exportedEntitySchema))
  const checks = readChecks(files)
  const strays = [...notes, ...decisions, ...trail].filter((part) => part.caseId !== exported.id)
  if (strays.length > 0) {
    throw new CaseRuleError('The bundle mixes records of another case, so it cannot be imported.')
  }
  const caseRecord: CaseRecord = {
    ...exported,
    origin: {
      kind: 'imported',
      importedAt: new Date().toISOString(),
      fileName,
      exportedAt: manifest.createdAt,
      manifestSha256: bytesToHex(sha256(files.get(bundlePaths.manifest) ?? new Uint8Array())),
      ...(signature.status === 'valid' ? { signer: signature.signer } : {}),
      signerTrust: trust,
      importedBy: importer,
    },
  }
  const tables = [
    db.cases,
    db.caseNotes,
    db.hitDecisions,
    db.auditEntries,
    db.importedCaseContents,
    db.caseSummaries,
  ]
  await db.transaction('rw', tables, async () => {
    const existing = await db.cases.get(caseRecord.id)
    if (existing && !existing.origin) {
      throw new CaseRuleError(
        `This bundle is an export of “${existing.title}”, a case of this computer: it is already here and is not imported over it.`,
      )
    }
    if (existing && !replace) {
      throw new CaseAlreadyImportedError(
        `“${existing.title}” was already imported from ${existing.origin?.fileName ?? 'a bundle'}. Replace that copy with this bundle?`,
      )
    }
    if (existing) {
      await db.caseNotes
        .where('[caseId+createdAt]')
        .between([caseRecord.id, ''], [caseRecord.id, '\uffff'])
        .delete()
      await db.hitDecisions.where('caseId').equals(caseRecord.id).delete()
      await auditTrailOf(db, caseRecord.id).delete()
    }
    await db.cases.put(caseRecord)
    await db.caseNotes.bulkAdd(notes)
    await db.hitDecisions.bulkAdd(decisions)
    await db.auditEntries.bulkAdd(trail)
    await db.importedCaseContents.put({ caseId: caseRecord.id, checks, entities })
    await storeCaseSummary(db, caseRecord)
  })
  return caseRecord
}

/** Bundle import into the app's database. */
export const caseImport = onAppDatabase({ importBundle })
