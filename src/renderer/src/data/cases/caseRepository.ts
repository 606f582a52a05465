import { Dexie } from 'dexie'
import { auditTrailOf, readCaseChecks } from './caseReads'
import { writeSharedChange } from './sharedCases'
import { nextAuditEntry, type AuditChange } from '../../../../shared/cases/auditChain'
import {
  caseOutcomeLabels,
  caseStateLabels,
  hitDecisionLabels,
} from '../../../../shared/cases/caseLabels'
import {
  caseClosureSchema,
  caseNoteSchema,
  entityKeyOf,
  hitDecisionSchema,
  newCaseSchema,
  reasonSchema,
  type AuditEntry,
  type CaseOutcome,
  type CaseRecord,
  type CaseState,
  type HitDecision,
  type HitDecisionKind,
  type NewCase,
} from '../../../../shared/cases/caseSchemas'
import { hitDecisionId, type CheckHit } from '../../../../shared/cases/checkHits'
import { withdrawnByUnlinking } from '../../../../shared/cases/caseReview'
import type { EnvironmentId } from '../../../../shared/environments'
import type { Actor } from '../../../../shared/identity/investigator'
import { onAppDatabase, type AppDatabase } from '../database/appDatabase'
import { CaseRuleError } from './caseErrors'
import { changesSummary, emptySummary, storeCaseSummary } from './caseSummaries'
import {
  lockReason,
  openHitsSentence,
  outcomeRefusal,
  statesReachableFrom,
  tallyHits,
} from '../../../../shared/cases/caseRules'

/** `add`, never `put`: an entry with the same number already there fails the whole change. */
async function appendAudit(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  change: AuditChange,
  at: string,
): Promise<AuditEntry> {
  const entry = nextAuditEntry(caseId, await auditTrailOf(db, caseId).last(), change, actor, at)
  await db.auditEntries.add(entry)
  return entry
}

export interface CaseChange {
  /** The case as it is after the change; unchanged when absent. */
  next?: CaseRecord
  audit: AuditChange
}

/** Every table a change of a case may write: a transaction that changes one takes them all. */
export const caseTables = (db: AppDatabase) => [
  db.cases,
  db.caseNotes,
  db.hitDecisions,
  db.auditEntries,
  db.checks,
  db.caseSummaries,
  // Read: whether the case is shared, and the checks colleagues linked to it.
  db.teamCases,
  db.importedCaseContents,
]

type CaseWork = (current: CaseRecord, at: string) => Promise<CaseChange | null> | CaseChange | null

/** The case as a change finds it, refused when it may not change (imported, or closed). */
async function changeableCase(
  db: AppDatabase,
  caseId: string,
  whenClosed: boolean,
): Promise<CaseRecord> {
  const current = await db.cases.get(caseId)
  if (!current) throw new CaseRuleError('This case no longer exists on this computer.')
  const locked = lockReason(current)
  if (locked && !(whenClosed && current.state === 'closed' && !current.origin)) {
    throw new CaseRuleError(locked)
  }
  return current
}

/** A shared case's change, worked out against the case as it is here and then taken back. */
class WorkedOut extends Error {
  constructor(readonly change: CaseChange | null) {
    super('worked out: rolled back, to be written through the team')
  }
}

/**
 * A change of a shared case is the team's: worked out here by the same rules (in a transaction
 * that is then rolled back), signed into the team's entries by the main side, and kept here as
 * the entries then replay, so this desk and its colleagues' hold the same case.
 */
async function changeSharedCase(
  db: AppDatabase,
  caseId: string,
  work: CaseWork,
  whenClosed: boolean,
): Promise<void> {
  if (Dexie.currentTransaction) {
    throw new CaseRuleError(
      'A shared case takes one change at a time, not a whole bulk job at once: link the job to a case of this computer, or link its checks to this case one by one.',
    )
  }
  try {
    await db.transaction('rw', caseTables(db), async () => {
      const current = await changeableCase(db, caseId, whenClosed)
      throw new WorkedOut(await work(current, new Date().toISOString()))
    })
  } catch (outcome) {
    if (!(outcome instanceof WorkedOut)) throw outcome
    if (outcome.change) await writeSharedChange(db, caseId, outcome.change.audit)
  }
}

/**
 * One change of a case and its audit entry, in one transaction: both are stored or neither is.
 * An imported case is never changed; a closed one only by reopening it.
 */
export async function changeCase(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  work: CaseWork,
  { whenClosed = false }: { whenClosed?: boolean } = {},
): Promise<void> {
  if (await db.teamCases.get(caseId)) return changeSharedCase(db, caseId, work, whenClosed)
  await db.transaction('rw', caseTables(db), async () => {
    const current = await changeableCase(db, caseId, whenClosed)
    const at = new Date().toISOString()
    const change = await work(current, at)
    // Already as asked (the same key pressed again): nothing is written, and no entry.
    if (change === null) return
    const { next, audit } = change
    const changed = { ...(next ?? current), updatedAt: at }
    await db.cases.put(changed)
    await appendAudit(db, actor, caseId, audit, at)
    if (changesSummary(audit.action)) await storeCaseSummary(db, changed)
  })
}

export async function createCase(db: AppDatabase, actor: Actor, input: NewCase): Promise<string> {
  const details = newCaseSchema.parse(input)
  const id = `case_${crypto.randomUUID()}`
  const at = new Date().toISOString()
  await db.transaction('rw', [db.cases, db.auditEntries, db.caseSummaries], async () => {
    const created: CaseRecord = {
      id,
      ...details,
      state: 'open',
      createdAt: at,
      updatedAt: at,
      checkIds: [],
      entityKeys: [],
    }
    await db.cases.add(created)
    await db.caseSummaries.put(emptySummary(id))
    await appendAudit(
      db,
      actor,
      id,
      { action: 'created', summary: `Case opened: ${details.title}`, before: null, after: details },
      at,
    )
  })
  return id
}

export async function changeState(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  state: CaseState,
  /** Optional: why the case moves, kept in the audit entry. */
  reason?: string,
): Promise<void> {
  const why = reason?.trim() ? reasonSchema.parse(reason.trim()) : undefined
  await changeCase(db, actor, caseId, (current) => {
    if (!statesReachableFrom(current.state).includes(state)) {
      throw new CaseRuleError(
        `A case that is ${caseStateLabels[current.state].toLowerCase()} cannot move to ${caseStateLabels[state].toLowerCase()}.`,
      )
    }
    return {
      next: { ...current, state },
      audit: {
        action: 'state-changed',
        summary: `${caseStateLabels[current.state]} → ${caseStateLabels[state]}${why ? `: ${why}` : ''}`,
        before: { state: current.state },
        after: why ? { state, reason: why } : { state },
      },
    }
  })
}

export interface Closing {
  outcome: CaseOutcome
  reason: string
  /** Needed while a hit has no decision or still needs review. */
  undecidedHitsReason?: string
}

export async function closeCase(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  closing: Closing,
): Promise<void> {
  await changeCase(db, actor, caseId, async (current, at) => {
    // A shared case's checks include those colleagues linked, kept beside it.
    const { checks } = await readCaseChecks(db, current)
    const decisions = await db.hitDecisions.where('caseId').equals(caseId).toArray()
    // Every current decision counts, also one on a check no longer on this computer: a verifier
    // of the bundle replays them all.
    const trueMatches = decisions.filter((decision) => decision.decision === 'true_match').length
    const refusal = outcomeRefusal(closing.outcome, trueMatches)
    if (refusal) throw new CaseRuleError(refusal)
    const open = openHitsSentence(
      tallyHits(caseId, checks, new Map(decisions.map((d) => [d.id, d]))),
    )
    const undecidedHitsReason = closing.undecidedHitsReason?.trim() || undefined
    if (open && !undecidedHitsReason) {
      throw new CaseRuleError(
        `${open}. Give every hit a final decision, or record why the case closes without one.`,
      )
    }
    const closure = caseClosureSchema.parse({
      outcome: closing.outcome,
      reason: closing.reason,
      ...(open ? { undecidedHitsReason } : {}),
      closedAt: at,
    })
    return {
      next: { ...current, state: 'closed', closure },
      audit: {
        action: 'closed',
        summary: `Closed: ${caseOutcomeLabels[closure.outcome]}${open ? ` (${open})` : ''}`,
        before: { state: current.state },
        after: { state: 'closed', closure },
      },
    }
  })
}

export async function reopenCase(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  reason: string,
): Promise<void> {
  const why = reasonSchema.parse(reason)
  await changeCase(
    db,
    actor,
    caseId,
    (current) => {
      if (current.state !== 'closed') throw new CaseRuleError('Only a closed case can be reopened.')
      const { closure, ...rest } = current
      return {
        next: { ...rest, state: 'open' },
        audit: {
          action: 'reopened',
          summary: `Reopened: ${why}`,
          before: { state: 'closed', closure },
          after: { state: 'open', reason: why },
        },
      }
    },
    { whenClosed: true },
  )
}

export interface CheckRef {
  localId: string
  query: string
  fetchedAt: string
}

export async function linkCheck(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  check: CheckRef,
): Promise<void> {
  await changeCase(db, actor, caseId, (current) => {
    if (current.checkIds.includes(check.localId)) {
      throw new CaseRuleError('This check is already linked to the case.')
    }
    return {
      next: { ...current, checkIds: [...current.checkIds, check.localId] },
      audit: {
        action: 'check-linked',
        summary: `Check of ${check.query} linked`,
        before: null,
        after: check,
      },
    }
  })
}

/** Unlinking a check also withdraws the decisions on its hits; the trail keeps them. */
export async function unlinkCheck(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  check: CheckRef,
): Promise<void> {
  await changeCase(db, actor, caseId, async (current) => {
    if (!current.checkIds.includes(check.localId)) return null
    const decisions = await db.hitDecisions
      .where('caseId')
      .equals(caseId)
      .filter((decision) => withdrawnByUnlinking(decision, check.localId))
      .toArray()
    await db.hitDecisions.bulkDelete(decisions.map((decision) => decision.id))
    return {
      next: { ...current, checkIds: current.checkIds.filter((id) => id !== check.localId) },
      audit: {
        action: 'check-unlinked',
        summary: `Check of ${check.query} unlinked`,
        before: { check, decisions },
        after: null,
      },
    }
  })
}

export interface EntityRef {
  environment: EnvironmentId
  id: string
  name: string
}

export async function linkEntity(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  entity: EntityRef,
): Promise<void> {
  const key = entityKeyOf(entity.environment, entity.id)
  await changeCase(db, actor, caseId, (current) => {
    if (current.entityKeys.includes(key))
      throw new CaseRuleError('This entity is already linked to the case.')
    return {
      next: { ...current, entityKeys: [...current.entityKeys, key] },
      audit: {
        action: 'entity-linked',
        summary: `Entity ${entity.name} linked`,
        before: null,
        after: entity,
      },
    }
  })
}

export async function unlinkEntity(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  entity: EntityRef,
): Promise<void> {
  const key = entityKeyOf(entity.environment, entity.id)
  await changeCase(db, actor, caseId, (current) => ({
    next: { ...current, entityKeys: current.entityKeys.filter((linked) => linked !== key) },
    audit: {
      action: 'entity-unlinked',
      summary: `Entity ${entity.name} unlinked`,
      before: entity,
      after: null,
    },
  }))
}

export async function addNote(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  text: string,
): Promise<void> {
  await changeCase(db, actor, caseId, async (current, at) => {
    const note = {
      id: `note_${crypto.randomUUID()}`,
      caseId,
      createdAt: at,
      text: caseNoteSchema.shape.text.parse(text),
      author: actor,
    }
    await db.caseNotes.add(note)
    return { audit: { action: 'note-added', summary: 'Note added', before: null, after: note } }
  })
}

export interface Deciding {
  check: { localId: string; environment: EnvironmentId; queryKey: string }
  hit: Pick<CheckHit, 'hitKey' | 'category' | 'title'> & Partial<Pick<CheckHit, 'chains'>>
  decision: HitDecisionKind
  rationale: string
  /**
   * Set when the investigator chose to decide several records at once ("all 3 chains of this
   * record"): each is still its own decision, and its trail entry says it was made so.
   */
  together?: string
}

/** Records (or revises) the decision on one hit; the trail keeps every earlier one. */
export async function decideHit(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  deciding: Deciding,
): Promise<void> {
  await changeCase(db, actor, caseId, async (current, at) => {
    if (!current.checkIds.includes(deciding.check.localId)) {
      throw new CaseRuleError('This check is not linked to the case.')
    }
    const id = hitDecisionId(caseId, deciding.check.localId, deciding.hit.hitKey)
    const before = await db.hitDecisions.get(id)
    // The decision that stands, made again (a second click): nothing changes, no entry.
    if (before?.decision === deciding.decision && before.rationale === deciding.rationale) {
      return null
    }
    const decision: HitDecision = hitDecisionSchema.parse({
      id,
      caseId,
      checkId: deciding.check.localId,
      environment: deciding.check.environment,
      queryKey: deciding.check.queryKey,
      hitKey: deciding.hit.hitKey,
      category: deciding.hit.category,
      recordTitle: deciding.hit.title,
      decision: deciding.decision,
      rationale: deciding.rationale,
      decidedAt: at,
      decidedBy: actor,
    })
    await db.hitDecisions.put(decision)
    return {
      audit: {
        action: 'hit-decided',
        summary: `${hitDecisionLabels[decision.decision]}${deciding.together ? ` (${deciding.together})` : ''}: ${decision.recordTitle}${deciding.hit.chains?.length ? ` on ${deciding.hit.chains.join(', ')}` : ''}`,
        before: before ?? null,
        after: decision,
      },
    }
  })
}

export interface ExportRecord {
  fileName: string
  sha256: string
  bytes: number
}

/**
 * Puts an export on the case's trail, with who signed it and the bundle's hash. Exporting does not
 * change the case, so closed cases take the entry too; an imported case keeps the trail it came
 * with, unchanged. A shared case's trail is the team's entries: an entry kept only here would
 * make the next bundle's trail say what none of them says, so the export is signed into them.
 */
export async function recordExport(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  exported: ExportRecord,
): Promise<void> {
  const change = {
    action: 'exported',
    summary: `Evidence bundle exported: ${exported.fileName}`,
    before: null,
    after: exported,
  }
  if (await db.teamCases.get(caseId)) return writeSharedChange(db, caseId, change)
  await db.transaction('rw', [db.cases, db.auditEntries], async () => {
    const current = await db.cases.get(caseId)
    if (!current || current.origin) return
    await appendAudit(db, actor, caseId, change, new Date().toISOString())
  })
}

/** Case changes on the app's database. */
export const caseRepository = onAppDatabase({
  createCase,
  changeState,
  closeCase,
  reopenCase,
  linkCheck,
  unlinkCheck,
  linkEntity,
  unlinkEntity,
  addNote,
  decideHit,
})
