import { z } from 'zod'
import { signerSchema } from '../identity/investigator'
import {
  auditEntrySchema,
  caseNoteSchema,
  caseRecordSchema,
  hitDecisionSchema,
} from '../cases/caseSchemas'
import { environmentIdSchema } from '../environments'
import { cryptoCheckSchema } from './cryptoContract'
import { defineMethod } from './defineMethod'
import { entitySchema } from './entitiesContract'
import { evidenceSchema } from './evidenceSchema'

/** What a case keeps of a linked check beside its parsed answer: the stored check, no search words. */
const linkedCheckShape = {
  localId: z.string().min(1),
  environment: environmentIdSchema,
  query: z.string(),
  queryKey: z.string(),
  advancedSearch: z.record(z.string(), z.string()).optional(),
  fetchedAt: z.iso.datetime(),
  evidence: evidenceSchema,
}

/** A linked check with its parsed answer, as the renderer reads it and an imported bundle holds it. */
export const exportedCheckSchema = z.strictObject({ ...linkedCheckShape, check: cryptoCheckSchema })
export type ExportedCheck = z.infer<typeof exportedCheckSchema>

/**
 * A linked check as it crosses into an export: its evidence only. The main side reads the check
 * from the raw answer itself, so a parsed check handed over with it is refused by name, never
 * signed (it could say anything about the answer beside it).
 */
export const checkEvidenceSchema = z.strictObject(linkedCheckShape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys' && issue.keys.includes('check')
      ? 'a parsed check was handed over with the raw answer: a bundle is signed only from what the service sent, read on the main side, so nothing was written'
      : undefined,
})
export type CheckEvidence = z.infer<typeof checkEvidenceSchema>

/** A linked check without its parsed answer: what the export sends of it. */
export const checkEvidenceOf = ({ check: _parsed, ...evidence }: ExportedCheck): CheckEvidence =>
  evidence

export const exportedEntitySchema = z.strictObject({
  environment: environmentIdSchema,
  id: z.string().startsWith('ent_'),
  /** Null when the entity was linked but is no longer in this computer's cache. */
  fetchedAt: z.iso.datetime().nullable(),
  entity: entitySchema.nullable(),
})
export type ExportedEntity = z.infer<typeof exportedEntitySchema>

/** Parts of a case sent in batches, so a case of thousands of checks never crosses in one piece. */
export const exportPartSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('checks'), items: z.array(checkEvidenceSchema).max(500) }),
  z.strictObject({ kind: z.literal('entities'), items: z.array(exportedEntitySchema).max(2000) }),
  z.strictObject({ kind: z.literal('notes'), items: z.array(caseNoteSchema).max(2000) }),
  z.strictObject({ kind: z.literal('decisions'), items: z.array(hitDecisionSchema).max(2000) }),
  z.strictObject({ kind: z.literal('auditTrail'), items: z.array(auditEntrySchema).max(2000) }),
])
export type ExportPart = z.infer<typeof exportPartSchema>

export const exportDeliverySchema = z.discriminatedUnion('kind', [
  /** Electron: written where the user chose in the save dialog. */
  z.object({ kind: z.literal('saved'), path: z.string() }),
  /** Browser mode: fetched once from the host, as a download. */
  z.object({ kind: z.literal('download'), url: z.string().startsWith('/'), fileName: z.string() }),
])
export type ExportDelivery = z.infer<typeof exportDeliverySchema>

const exportIdSchema = z.uuid()

export const evidenceContract = {
  /** Asks where to save (Electron) and opens the bundle; cancelling the dialog is a CancelledError. */
  'evidence.beginExport': defineMethod(
    z.strictObject({ case: caseRecordSchema }),
    z.object({ exportId: exportIdSchema }),
    // A case lists its linked checks by key: tens of thousands fit.
    { maxInputBytes: 1024 * 1024 },
  ),
  'evidence.addToExport': defineMethod(
    z.strictObject({ exportId: exportIdSchema, part: exportPartSchema }),
    z.object({ received: z.number().int().nonnegative() }),
    // A part of up to 500 checks, each with the raw answer the service sent.
    { maxInputBytes: 16 * 1024 * 1024 },
  ),
  /** Writes the summaries and the manifest, then delivers the file. */
  'evidence.finishExport': defineMethod(
    z.strictObject({ exportId: exportIdSchema }),
    z.object({
      delivery: exportDeliverySchema,
      fileName: z.string(),
      files: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
      sha256: z.string(),
      /** Who signed it: the export's actor on the case's trail. */
      signer: signerSchema,
    }),
  ),
  'evidence.abortExport': defineMethod(
    z.strictObject({ exportId: exportIdSchema }),
    z.object({ aborted: z.boolean() }),
  ),
}
