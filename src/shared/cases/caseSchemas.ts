import { z } from 'zod'
import { environmentIdSchema, type EnvironmentId } from '../environments'
import { actorSchema, signerSchema } from '../identity/investigator'

/** open → in review → escalated → closed; a closed case may be reopened, which the trail records. */
export const caseStates = ['open', 'in_review', 'escalated', 'closed'] as const
export const caseStateSchema = z.enum(caseStates)
export type CaseState = z.infer<typeof caseStateSchema>

export const caseOutcomes = ['no_concern', 'risk_confirmed', 'reported', 'inconclusive'] as const
export const caseOutcomeSchema = z.enum(caseOutcomes)
export type CaseOutcome = z.infer<typeof caseOutcomeSchema>

export const hitDecisionKinds = ['true_match', 'false_positive', 'needs_review'] as const
export const hitDecisionKindSchema = z.enum(hitDecisionKinds)
export type HitDecisionKind = z.infer<typeof hitDecisionKindSchema>

const requiredText = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`)

export const caseTitleSchema = requiredText(200)
export const caseSubjectSchema = requiredText(200)
export const caseDescriptionSchema = z.string().trim().max(5000, 'must be at most 5000 characters')
export const reasonSchema = requiredText(2000)

export const newCaseSchema = z.strictObject({
  title: caseTitleSchema,
  subject: caseSubjectSchema,
  description: caseDescriptionSchema,
})
export type NewCase = z.input<typeof newCaseSchema>

export const caseClosureSchema = z.strictObject({
  outcome: caseOutcomeSchema,
  reason: reasonSchema,
  /** Required when hits were left undecided: why the case may close anyway. */
  undecidedHitsReason: reasonSchema.optional(),
  closedAt: z.iso.datetime(),
})
export type CaseClosure = z.infer<typeof caseClosureSchema>

/** An entity of one environment, as `<environment>|<ent_ id>`: ids are only unique per environment. */
export const entityKeySchema = z.string().regex(/^(local|sandbox|production)\|ent_[A-Za-z0-9]+$/)

export const entityKeyOf = (environment: EnvironmentId, id: string): string =>
  `${environment}|${id}`

/** The entity an `entity-linked` or `entity-unlinked` entry names (its `after` or its `before`). */
export const entityLinkSchema = z.object({
  environment: environmentIdSchema,
  id: z.string().min(1),
})

export const splitEntityKey = (key: string): [EnvironmentId, string] => {
  const [environment, id] = key.split('|') as [EnvironmentId, string]
  return [environment, id]
}

export const caseOriginSchema = z.strictObject({
  kind: z.literal('imported'),
  importedAt: z.iso.datetime(),
  fileName: z.string(),
  exportedAt: z.iso.datetime(),
  /** The SHA-256 of the bundle's manifest.json, which pins every file it lists. */
  manifestSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Who signed the bundle (absent when it was unsigned) and how this computer knew them. */
  signer: signerSchema.optional(),
  signerTrust: z.enum(['own', 'trusted', 'unknown', 'unsigned']).optional(),
  /** Who imported it; with an unknown or missing signer, they were asked first and said yes. */
  importedBy: actorSchema.optional(),
})

export const caseRecordSchema = z.strictObject({
  id: z.string().regex(/^case_[A-Za-z0-9-]+$/),
  title: caseTitleSchema,
  subject: caseSubjectSchema,
  description: caseDescriptionSchema,
  state: caseStateSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  closure: caseClosureSchema.optional(),
  /** Linked checks, by their local key. */
  checkIds: z.array(z.string()),
  entityKeys: z.array(entityKeySchema),
  /** Present on a case imported from a bundle: it is read-only. */
  origin: caseOriginSchema.optional(),
  /**
   * Present on a case restored from a backup that neither this computer nor a trusted colleague
   * signed, restored only because the user chose to: its history cannot be vouched for, so it is
   * never exported under this computer's signature (see the evidence exporter).
   */
  restoredUntrusted: z
    .strictObject({
      restoredAt: z.iso.datetime(),
      fileName: z.string().max(1024),
      /** Why the backup was not trusted, in a sentence. */
      reason: z.string().max(2000),
    })
    .optional(),
})
export type CaseRecord = z.infer<typeof caseRecordSchema>

export const caseNoteSchema = z.strictObject({
  id: z.string().min(1),
  caseId: z.string(),
  createdAt: z.iso.datetime(),
  text: requiredText(10000),
  /** Absent only on notes written before the app recorded who did what. */
  author: actorSchema.optional(),
})
export type CaseNote = z.infer<typeof caseNoteSchema>

/** The investigator's call on one hit (one record of one category) of one linked check. */
export const hitDecisionSchema = z.strictObject({
  /** `<case id>|<check key>|<hit key>`: one current decision per hit of a check in a case. */
  id: z.string().min(1),
  caseId: z.string(),
  checkId: z.string(),
  environment: environmentIdSchema,
  /** The checked identifier in canonical form: with the hit key, what finds this decision again. */
  queryKey: z.string(),
  hitKey: z.string(),
  category: z.string(),
  recordTitle: z.string(),
  decision: hitDecisionKindSchema,
  rationale: reasonSchema,
  decidedAt: z.iso.datetime(),
  /** Absent only on decisions made before the app recorded who did what. */
  decidedBy: actorSchema.optional(),
  /**
   * Set when the decision was made on an earlier check of the same wallet and carried to this one
   * by a re-screen that found the record again: the earlier check's key. Who decided and when
   * stay those of the decision as it was made.
   */
  carriedFrom: z.string().optional(),
})
export type HitDecision = z.infer<typeof hitDecisionSchema>

/** One append-only entry of a case's trail, chained to the one before by its hash. */
export const auditEntrySchema = z.strictObject({
  caseId: z.string(),
  seq: z.number().int().positive(),
  at: z.iso.datetime(),
  action: z.string().min(1),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  prevHash: z.string().regex(/^[0-9a-f]{64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /**
   * Who made the change. Absent only on entries written before the app recorded it; such entries
   * hash exactly as they always did, so their trails stay intact.
   */
  actor: actorSchema.optional(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
