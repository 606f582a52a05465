import { z } from 'zod'
import { cryptoCheckSchema } from '../../../../shared/bridge/cryptoContract'
import { entitySchema, newEntitySchema } from '../../../../shared/bridge/entitiesContract'
import { bridgeErrorNameSchema } from '../../../../shared/bridge/errors'
import { evidenceSchema } from '../../../../shared/bridge/evidenceSchema'
import {
  exportedCheckSchema,
  exportedEntitySchema,
} from '../../../../shared/bridge/evidenceContract'
import {
  auditEntrySchema,
  caseNoteSchema,
  caseRecordSchema,
  hitDecisionKinds,
  hitDecisionSchema,
} from '../../../../shared/cases/caseSchemas'
import { environmentIdSchema } from '../../../../shared/environments'
import { sha256HexSchema } from '../../../../shared/evidence/bundleFormat'
import { addressChainNames, type AddressChain } from '../../../../shared/address/addressCheck'
import { actorSchema } from '../../../../shared/identity/investigator'
import { watchCadences } from '../../../../shared/watch/watchSchedule'
import { watchIdOf } from '../watch/watchRepository'

/**
 * What a restore accepts as a row of each backed-up table: a row the screens would choke on (a
 * case summary with `hits: null` took Cases down on every visit) is refused, by table and line,
 * before anything is written. Only validated: the row written is the row as backed up. The tables
 * this app alone writes are held to every field they have (a field they do not name is refused);
 * what came from the service (a check's parsed answer, an entity) keeps fields it may add.
 */
const text = z.string()
const isoTime = z.iso.datetime()
const count = z.number().int().nonnegative()

const checkBase = {
  localId: text.min(1),
  environment: environmentIdSchema,
  query: text,
  queryKey: text,
  advancedSearch: z.record(text, text).optional(),
  fetchedAt: isoTime,
  /** Left out by the writer (derived again after a restore), kept when a row has them. */
  searchTerms: z.array(text).optional(),
  requestId: text.optional(),
  linkedEntityIds: z.array(text).optional(),
}

/** How many bytes a base64 text decodes to, without decoding it. */
const base64Bytes = (base64: string): number =>
  (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0)

/**
 * What a check kept of the exchange, as the client writes it: nothing more, the answer's bytes in
 * base64 as many as it says, and of the check's own environment.
 */
const checkEvidenceSchema = z
  .strictObject({
    ...evidenceSchema.shape,
    request: z.strictObject(evidenceSchema.shape.request.shape),
    response: z.strictObject({
      ...evidenceSchema.shape.response.shape,
      bodyBase64: z.base64(),
    }),
  })
  .refine(({ response }) => base64Bytes(response.bodyBase64) === response.bytes, {
    path: ['response', 'bytes'],
    message: 'is not the number of bytes of the answer kept',
  })

const sameEnvironment = (row: { environment: string; evidence?: { environment: string } }) =>
  row.evidence === undefined || row.evidence.environment === row.environment

const checkRowSchema = z
  .discriminatedUnion('outcome', [
    z.strictObject({
      ...checkBase,
      outcome: z.literal('succeeded'),
      status: text,
      totalEntity: count,
      hitCategories: z.array(text),
      check: cryptoCheckSchema,
      evidence: checkEvidenceSchema.refine(
        ({ response, ended }) =>
          response.status >= 200 && response.status < 300 && (ended ?? 'answered') === 'answered',
        { path: ['response', 'status'], message: 'is not that of an answered check' },
      ),
    }),
    z.strictObject({
      ...checkBase,
      outcome: z.enum(['pending', 'failed', 'unknown']),
      requestId: text.min(1),
      billed: z.boolean(),
      error: z
        .strictObject({ name: bridgeErrorNameSchema, message: text, status: z.number().optional() })
        .optional(),
      evidence: checkEvidenceSchema.optional(),
    }),
  ])
  .refine(sameEnvironment, {
    path: ['evidence', 'environment'],
    message: 'is not the check’s own environment',
  })

const outboxBase = {
  localId: text.min(1),
  environment: environmentIdSchema,
  queuedAt: isoTime,
  sentAt: isoTime.optional(),
  state: z.enum(['queued', 'running', 'interrupted', 'held', 'failed', 'done']),
  message: text.optional(),
  resultId: text.optional(),
}

const outboxRowSchema = z.discriminatedUnion('kind', [
  z.looseObject({
    ...outboxBase,
    kind: z.literal('cryptoCheck'),
    query: text,
    queryKey: text,
    advancedSearch: z.record(text, text).optional(),
  }),
  z.looseObject({
    ...outboxBase,
    kind: z.literal('createEntity'),
    entity: newEntitySchema,
    label: text,
  }),
])

const watchBase = {
  id: text.min(1),
  cadence: z.enum(watchCadences),
  createdAt: isoTime,
  createdBy: actorSchema,
  nextDueAt: isoTime,
  lastRunAt: isoTime.optional(),
  lastProblem: text.optional(),
}

/** One watch per target, found by its id: a row whose id names another target is refused. */
const watchRowSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({
      ...watchBase,
      kind: z.literal('wallet'),
      environment: environmentIdSchema,
      query: text,
      queryKey: text.min(1),
    }),
    z.strictObject({ ...watchBase, kind: z.literal('case'), caseId: text.min(1) }),
  ])
  .refine((row) => row.id === watchIdOf(row), {
    path: ['id'],
    message: 'is not the id of what it watches',
  })

const checkTimeSchema = z.strictObject({ localId: text.min(1), fetchedAt: isoTime })

const lineNumber = z.number().int().positive()

const bulkJobRowSchema = z.strictObject({
  id: text.min(1),
  createdAt: isoTime,
  actor: z.strictObject({ name: text, email: text }).nullable(),
  fileName: text,
  fileSha256: sha256HexSchema,
  environment: environmentIdSchema,
  columns: z.array(text),
  addressColumn: count,
  carryColumns: z.array(count),
  freshnessHours: z.number().nonnegative().nullable(),
  budget: count.nullable(),
  state: z.enum(['running', 'paused', 'cancelled', 'finished', 'stopped']),
  stopReason: text.optional(),
  stoppedAtCap: z.boolean().optional(),
  waiting: text.optional(),
  finishedAt: isoTime.optional(),
  rowCount: count,
  checkCount: count,
  invalidCount: count,
  unrecognisedCount: count.optional(),
  sendsUnrecognised: z.boolean().optional(),
  duplicateCount: count,
  reusedCount: count,
  sentCount: count,
  hitCount: count,
})

const addressChains = Object.keys(addressChainNames) as [AddressChain, ...AddressChain[]]

const bulkCheckRowSchema = z.strictObject({
  jobId: text.min(1),
  index: count,
  address: text,
  queryKey: text,
  chain: z.enum(addressChains).nullable(),
  lines: z.array(lineNumber),
  state: z.enum(['pending', 'running', 'done', 'failed', 'unknown', 'reused']),
  requestId: text.min(1).optional(),
  checkLocalId: text.min(1).optional(),
  checkedAt: isoTime.optional(),
  hits: count.optional(),
  categories: z.array(text).optional(),
  holder: text.optional(),
  error: text.optional(),
})

const bulkRowRowSchema = z.strictObject({
  jobId: text.min(1),
  row: count,
  line: lineNumber,
  cells: z.array(text),
  /** Its check's index, or -1 when it was not sent. */
  check: z.number().int().min(-1),
  invalidReason: text.optional(),
  lineText: text.optional(),
  unrecognised: z.literal(true).optional(),
})

const hitTallySchema = z.strictObject({
  total: count,
  undecided: count,
  byDecision: z.strictObject(
    Object.fromEntries(hitDecisionKinds.map((kind) => [kind, count])) as Record<
      (typeof hitDecisionKinds)[number],
      typeof count
    >,
  ),
})

export const backupRowSchemas: Readonly<Record<string, z.ZodType>> = {
  entities: z.looseObject({
    environment: environmentIdSchema,
    id: text.min(1),
    fetchedAt: isoTime,
    entity: entitySchema,
    searchTerms: z.array(text),
  }),
  entityPages: z.looseObject({
    environment: environmentIdSchema,
    limit: z.number().int().positive(),
    page: z.number().int().positive(),
    total: count,
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
    fetchedAt: isoTime,
    ids: z.array(text),
  }),
  checks: checkRowSchema,
  outbox: outboxRowSchema,
  cases: caseRecordSchema,
  caseNotes: caseNoteSchema,
  hitDecisions: hitDecisionSchema,
  auditEntries: auditEntrySchema,
  importedCaseContents: z.looseObject({
    caseId: text.min(1),
    checks: z.array(exportedCheckSchema),
    entities: z.array(exportedEntitySchema),
  }),
  watches: watchRowSchema,
  watchChanges: z.strictObject({
    id: text.min(1),
    at: isoTime,
    state: z.enum(['new', 'acknowledged']),
    environment: environmentIdSchema,
    query: text,
    queryKey: text,
    earlier: checkTimeSchema,
    later: checkTimeSchema,
    added: z.array(text),
    removed: z.array(text),
    caseIds: z.array(text),
    acknowledgedAt: isoTime.optional(),
    acknowledgedBy: actorSchema.optional(),
  }),
  bulkJobs: bulkJobRowSchema,
  bulkChecks: bulkCheckRowSchema,
  bulkRows: bulkRowRowSchema,
  caseSummaries: z.strictObject({
    caseId: text.min(1),
    hits: hitTallySchema,
    identifiers: z.array(text),
    holders: z.array(text).optional(),
    wallets: z.number().int().nonnegative().optional(),
  }),
}
