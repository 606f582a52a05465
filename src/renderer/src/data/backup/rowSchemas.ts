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
import { actorSchema } from '../../../../shared/identity/investigator'
import { watchCadences } from '../../../../shared/watch/watchSchedule'

/**
 * What a restore accepts as a row of each backed-up table: a row the screens would choke on (a
 * case summary with `hits: null` took Cases down on every visit) is refused, by table and line,
 * before anything is written. Only validated: the row written is the row as backed up, so fields
 * these schemas do not name come back as they were.
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
  requestId: text.optional(),
  linkedEntityIds: z.array(text).optional(),
}

const checkRowSchema = z.discriminatedUnion('outcome', [
  z.looseObject({
    ...checkBase,
    outcome: z.literal('succeeded'),
    status: text,
    totalEntity: count,
    hitCategories: z.array(text),
    check: cryptoCheckSchema,
    evidence: evidenceSchema,
  }),
  z.looseObject({
    ...checkBase,
    outcome: z.enum(['pending', 'failed', 'unknown']),
    requestId: text.min(1),
    billed: z.boolean(),
    error: z
      .looseObject({ name: bridgeErrorNameSchema, message: text, status: z.number().optional() })
      .optional(),
    evidence: evidenceSchema.optional(),
  }),
])

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

const watchRowSchema = z.discriminatedUnion('kind', [
  z.looseObject({
    ...watchBase,
    kind: z.literal('wallet'),
    environment: environmentIdSchema,
    query: text,
    queryKey: text,
  }),
  z.looseObject({ ...watchBase, kind: z.literal('case'), caseId: text.min(1) }),
])

const checkTimeSchema = z.looseObject({ localId: text, fetchedAt: isoTime })

const bulkJobRowSchema = z.looseObject({
  id: text.min(1),
  createdAt: isoTime,
  actor: z.looseObject({ name: text, email: text }).nullable(),
  fileName: text,
  fileSha256: text,
  environment: environmentIdSchema,
  columns: z.array(text),
  addressColumn: z.number().int(),
  carryColumns: z.array(z.number().int()),
  freshnessHours: z.number().nullable(),
  budget: z.number().nullable(),
  state: z.enum(['running', 'paused', 'cancelled', 'finished', 'stopped']),
  rowCount: count,
  checkCount: count,
  invalidCount: count,
  duplicateCount: count,
  reusedCount: count,
  sentCount: count,
  hitCount: count,
})

const bulkCheckRowSchema = z.looseObject({
  jobId: text.min(1),
  index: count,
  address: text,
  queryKey: text,
  chain: z.looseObject({}).nullable(),
  lines: z.array(z.number().int()),
  state: z.enum(['pending', 'running', 'done', 'failed', 'unknown', 'reused']),
  hits: count.optional(),
  categories: z.array(text).optional(),
})

const bulkRowRowSchema = z.looseObject({
  jobId: text.min(1),
  row: count,
  line: z.number().int(),
  cells: z.array(text),
  check: z.number().int(),
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
  watchChanges: z.looseObject({
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
  }),
  bulkJobs: bulkJobRowSchema,
  bulkChecks: bulkCheckRowSchema,
  bulkRows: bulkRowRowSchema,
  caseSummaries: z.strictObject({
    caseId: text.min(1),
    hits: hitTallySchema,
    identifiers: z.array(text),
    holders: z.array(text).optional(),
  }),
}
