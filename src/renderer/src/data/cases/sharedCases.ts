import type { BridgeInput, BridgeMethod, BridgeOutput } from '../../../../shared/bridge'
import {
  checkEvidenceOf,
  type CheckEvidence,
  type ExportedEntity,
} from '../../../../shared/bridge/evidenceContract'
import { linkedEntitySchema, type SharedCase } from '../../../../shared/bridge/teamContract'
import type { AuditChange } from '../../../../shared/cases/auditChain'
import { entityKeyOf, entityLinkSchema } from '../../../../shared/cases/caseSchemas'
import { onAppDatabase, type AppDatabase } from '../database/appDatabase'
import { turnsEvery } from '../pageTurns'
import { CaseRuleError } from './caseErrors'
import { auditTrailOf, readCachedEntities, readCaseChecks } from './caseReads'
import { storeCaseSummary } from './caseSummaries'
import { projectSharedCase, type ProjectedCase } from './sharedCaseProjection'

export type TeamCaller = <M extends BridgeMethod>(
  method: M,
  input: BridgeInput<M>,
) => Promise<BridgeOutput<M>>

const callers = new WeakMap<AppDatabase, TeamCaller>()

/**
 * How a database's shared cases reach the main side: connected where the app starts (the bridge),
 * or by a test of two desks in one process, each desk's database its own.
 */
export function teamCallerOf(db: AppDatabase): TeamCaller {
  const call = callers.get(db)
  if (!call) throw new Error('Shared cases of this database have no way to the main side.')
  return call
}

export const connectTeamCaller = (db: AppDatabase, call: TeamCaller): void => {
  callers.set(db, call)
}

/** Every table applying a shared case writes, in one transaction. */
const sharedCaseTables = (db: AppDatabase) => [
  db.cases,
  db.caseNotes,
  db.hitDecisions,
  db.auditEntries,
  db.checks,
  db.importedCaseContents,
  db.caseSummaries,
  db.teamCases,
]

/** Time the page's thread works on a shared case before it gives the page a turn. */
const workPerTurnMs = 8

/**
 * Rows written in pieces, each awaited: a write copies its rows on the page's thread before the
 * database takes them, and the next piece starts in another task (the last one's answer), so a
 * trail of hundreds of entries does not hold the page, yet it all stays in the one transaction.
 */
const rowsPerWrite = 25

async function inPieces<T>(rows: readonly T[], write: (piece: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += rowsPerWrite) {
    await write(rows.slice(start, start + rowsPerWrite))
  }
}

/** One shared case's rows replaced by what its entries replay to, inside the caller's transaction. */
async function writeSharedCase(
  db: AppDatabase,
  shared: SharedCase,
  projected: ProjectedCase | null,
): Promise<void> {
  if (projected) {
    const { caseRecord, notes, decisions, trail } = projected
    await db.cases.put(caseRecord)
    await db.caseNotes.where('caseId').equals(caseRecord.id).delete()
    await inPieces(notes, (piece) => db.caseNotes.bulkPut(piece))
    await db.hitDecisions.where('caseId').equals(caseRecord.id).delete()
    await inPieces(decisions, (piece) => db.hitDecisions.bulkPut(piece))
    await auditTrailOf(db, caseRecord.id).delete()
    await inPieces(trail, (piece) => db.auditEntries.bulkAdd(piece))
    const here = await db.checks.bulkGet(shared.checks.map((check) => check.localId))
    const elsewhere = shared.checks.filter((_check, index) => here[index] === undefined)
    // Every linked entity that came with details, cached here or not: this desk's cache may lose
    // it later, and readCaseEntities prefers the cache while it has it.
    const entities = shared.entities.filter((linked) => linked.entity !== null)
    await db.importedCaseContents.put({ caseId: caseRecord.id, checks: elsewhere, entities })
    await storeCaseSummary(db, caseRecord)
  }
  await db.teamCases.put({
    caseId: shared.caseId,
    documents: shared.documents,
    appliedAt: new Date().toISOString(),
    disagreements: shared.disagreements,
    authors: shared.authors,
    setAside: shared.setAside,
    missingChecks: shared.missingChecks,
    assignment: shared.assignment,
    awaitedReview: shared.awaitedReview,
    closeVerdict: shared.closeVerdict,
    memberRoles: shared.memberRoles,
  })
}

/**
 * Keeps shared cases here as their entries say, in one transaction: each case, its trail, notes
 * and decisions are replaced by what the entries replay to (the same on every desk), and the
 * checks other desks linked are kept beside the case, not in History (they were not run here). A
 * case whose opening entry has not arrived yet is only remembered, not shown. The replays are
 * worked out first, giving the page its turns (a transaction cannot wait for them: it ends when
 * idle). Several cases in one transaction are one change to every screen reading cases, which
 * each read again once, not once per case.
 */
export async function applySharedCases(db: AppDatabase, cases: readonly SharedCase[]) {
  const turn = turnsEvery(workPerTurnMs)
  const projected: Array<ProjectedCase | null> = []
  for (const shared of cases) projected.push(await projectSharedCase(shared, turn))
  await db.transaction('rw', sharedCaseTables(db), async () => {
    for (const [index, shared] of cases.entries()) {
      await writeSharedCase(db, shared, projected[index]!)
    }
  })
}

export const applySharedCase = (db: AppDatabase, shared: SharedCase): Promise<void> =>
  applySharedCases(db, [shared])

/** Reads a shared case from the main side again and keeps it as it now stands. */
export async function refreshSharedCase(db: AppDatabase, caseId: string): Promise<void> {
  await applySharedCase(db, await teamCallerOf(db)('team.readCase', { caseId }))
}

/**
 * A part of a shared case carries about this much of raw answers and entities' details: far below
 * the host's limit.
 */
const defaultBytesPerPart = 4 * 1024 * 1024

const linkedIdOf = (entry: AuditChange): string | undefined =>
  entry.action === 'check-linked'
    ? ((entry.after as { localId?: string } | null)?.localId ?? undefined)
    : undefined

const linkedEntityKeyOf = (entry: AuditChange): string | undefined => {
  const link = entry.action === 'entity-linked' ? entityLinkSchema.safeParse(entry.after) : null
  return link?.success ? entityKeyOf(link.data.environment, link.data.id) : undefined
}

/**
 * An entity as it goes with its link: as this desk cached it, without details when they are more
 * than a team carries (the link itself must not be refused for them).
 */
const withLink = (linked: ExportedEntity): ExportedEntity =>
  linkedEntitySchema.safeParse(linked).success
    ? linked
    : { ...linked, fetchedAt: null, entity: null }

/** What an entity linked in this desk's trail weighs in a part: its details, when it has some. */
const entityWeight = (linked: ExportedEntity | undefined): number =>
  linked?.entity ? JSON.stringify(linked).length : 0

/**
 * Shares a case of this computer with the team: its whole trail, each linked check with the raw
 * answer it was read from, each linked entity as this desk cached it. From then on its changes go
 * through the team (see writeSharedChange).
 */
export async function shareCase(
  db: AppDatabase,
  caseId: string,
  { bytesPerPart = defaultBytesPerPart }: { bytesPerPart?: number } = {},
): Promise<void> {
  const caseRecord = await db.cases.get(caseId)
  if (!caseRecord) throw new CaseRuleError('This case no longer exists on this computer.')
  if (caseRecord.origin || caseRecord.restoredUntrusted) {
    throw new CaseRuleError(
      'A case imported from a bundle or restored from an untrusted backup cannot be shared under your signature: its history is not yours to vouch for.',
    )
  }
  const trail = await auditTrailOf(db, caseId).toArray()
  // Every check the trail ever linked goes with it, those unlinked since included: the team
  // replays the whole trail, and each link is read from its check's raw answer.
  const linkedIds = [...new Set(trail.flatMap((entry) => linkedIdOf(entry) ?? []))]
  const { checks, missing } = await readCaseChecks(db, { ...caseRecord, checkIds: linkedIds })
  if (missing.length > 0) {
    throw new CaseRuleError(
      `${missing.length === 1 ? '1 check' : `${missing.length} checks`} this case’s trail links ${missing.length === 1 ? 'is' : 'are'} no longer on this computer, so the team would get an incomplete case: it cannot be shared.`,
    )
  }
  const byId = new Map(checks.map((check) => [check.localId, checkEvidenceOf(check)]))
  // Every entity the trail ever linked, as this desk cached it: one not cached goes as its link.
  const entityKeys = [...new Set(trail.flatMap((entry) => linkedEntityKeyOf(entry) ?? []))]
  const byKey = new Map(
    (await readCachedEntities(db, entityKeys)).map((linked, index) => [
      entityKeys[index]!,
      withLink(linked),
    ]),
  )
  const share = (upTo: number, part: { checks: CheckEvidence[]; entities: ExportedEntity[] }) =>
    teamCallerOf(db)('team.shareCase', { caseId, trail: trail.slice(0, upTo), ...part })
  // In parts of about bytesPerPart of raw answers and details, each the trail up to its last entry.
  let part = { checks: [] as CheckEvidence[], entities: [] as ExportedEntity[] }
  let weight = 0
  for (const [index, entry] of trail.entries()) {
    const check = byId.get(linkedIdOf(entry) ?? '')
    const entity = byKey.get(linkedEntityKeyOf(entry) ?? '')
    const entryWeight = check ? check.evidence.response.bodyBase64.length : entityWeight(entity)
    if (entryWeight === 0) continue
    if (weight > 0 && weight + entryWeight > bytesPerPart) {
      await share(index, part)
      part = { checks: [], entities: [] }
      weight = 0
    }
    if (check) part.checks.push(check)
    else if (entity) part.entities.push(entity)
    weight += entryWeight
  }
  await share(trail.length, part)
  await refreshSharedCase(db, caseId)
}

/**
 * One change of a shared case: signed by the main side into the team's entries, then kept here as
 * the entries now replay (with whatever colleagues' entries arrived meanwhile). A linked check goes
 * with its raw answer, a linked entity as this desk cached it.
 */
export async function writeSharedChange(
  db: AppDatabase,
  caseId: string,
  change: AuditChange,
): Promise<void> {
  const linkedId = linkedIdOf(change)
  const caseRecord = await db.cases.get(caseId)
  const linked =
    linkedId && caseRecord
      ? (await readCaseChecks(db, { ...caseRecord, checkIds: [linkedId] })).checks[0]
      : undefined
  const entityKey = linkedEntityKeyOf(change)
  const entity = entityKey ? (await readCachedEntities(db, [entityKey]))[0] : undefined
  await teamCallerOf(db)('team.writeCase', {
    caseId,
    change: {
      action: change.action,
      summary: change.summary,
      before: change.before ?? null,
      after: change.after ?? null,
    },
    ...(linked ? { check: checkEvidenceOf(linked) } : {}),
    ...(entity ? { entity: withLink(entity) } : {}),
  })
  await refreshSharedCase(db, caseId)
}

/**
 * Stale cases applied together: a desk joining a team of a hundred cases changes the case list ten
 * times, not a hundred, while one colleague's change is still applied on its own, at once.
 */
const casesPerApply = 10

/**
 * Brings every shared case the main side holds up to date here: those with more documents than
 * when last applied, and those never applied (a colleague's new case). Returns how many changed.
 */
export async function syncSharedCases(db: AppDatabase): Promise<number> {
  const call = teamCallerOf(db)
  const { cases } = await call('team.sharedCases', {})
  const applied = await db.teamCases.bulkGet(cases.map(({ caseId }) => caseId))
  const stale = cases.filter(({ documents }, index) => applied[index]?.documents !== documents)
  for (let start = 0; start < stale.length; start += casesPerApply) {
    const read: SharedCase[] = []
    for (const { caseId } of stale.slice(start, start + casesPerApply)) {
      read.push(await call('team.readCase', { caseId }))
    }
    await applySharedCases(db, read)
  }
  return stale.length
}

export const isSharedCase = async (db: AppDatabase, caseId: string): Promise<boolean> =>
  (await db.teamCases.get(caseId)) !== undefined

export const sharedCasesRepository = onAppDatabase({
  connectTeamCaller,
  applySharedCase,
  applySharedCases,
  refreshSharedCase,
  shareCase,
  writeSharedChange,
  syncSharedCases,
  isSharedCase,
})
