import { Dexie } from 'dexie'
import type { ExportedCheck, ExportedEntity } from '../../../../shared/bridge/evidenceContract'
import {
  entityKeyOf,
  splitEntityKey,
  type CaseRecord,
  type HitDecision,
} from '../../../../shared/cases/caseSchemas'
import type { AppDatabase, StoredCheck } from '../database/appDatabase'
import { isStoredCheck } from '../database/storedCheck'
import { tallyHits, type HitTally } from '../../../../shared/cases/caseRules'
import type { HitKeys } from '../../../../shared/cases/checkHits'

/** A case's trail in order, by its compound key. */
export const auditTrailOf = (db: Pick<AppDatabase, 'auditEntries'>, caseId: string) =>
  db.auditEntries.where('[caseId+seq]').between([caseId, Dexie.minKey], [caseId, Dexie.maxKey])

/** A stored check as it goes into a bundle: without the words History finds it by. */
export function toExportedCheck(stored: StoredCheck): ExportedCheck {
  return {
    localId: stored.localId,
    environment: stored.environment,
    query: stored.query,
    queryKey: stored.queryKey,
    ...(stored.advancedSearch ? { advancedSearch: stored.advancedSearch } : {}),
    fetchedAt: stored.fetchedAt,
    check: stored.check,
    evidence: stored.evidence,
  }
}

export interface CaseChecks {
  checks: ExportedCheck[]
  /** Linked checks no longer on this computer. */
  missing: string[]
}

/**
 * Some of a case's linked checks, in the order they were linked: from History for a case of this
 * computer, from the bundle's own copy for an imported one.
 */
export async function readCaseChecks(
  db: Pick<AppDatabase, 'checks' | 'importedCaseContents'>,
  caseRecord: CaseRecord,
  start = 0,
  count = caseRecord.checkIds.length,
): Promise<CaseChecks> {
  const ids = caseRecord.checkIds.slice(start, start + count)
  if (caseRecord.origin) {
    const content = await db.importedCaseContents.get(caseRecord.id)
    const byId = new Map(content?.checks.map((check) => [check.localId, check]))
    return {
      checks: ids.flatMap((id) => byId.get(id) ?? []),
      missing: ids.filter((id) => !byId.has(id)),
    }
  }
  // Only answered checks are linked to cases; an attempt under a linked id is as good as missing.
  const stored: Array<ExportedCheck | undefined> = (await db.checks.bulkGet(ids)).map((check) =>
    check && isStoredCheck(check) ? toExportedCheck(check) : undefined,
  )
  if (stored.includes(undefined)) {
    // A shared case keeps the checks colleagues linked beside it: they were not run here.
    const content = await db.importedCaseContents.get(caseRecord.id)
    const elsewhere = new Map(content?.checks.map((check) => [check.localId, check]))
    ids.forEach((id, index) => (stored[index] ??= elsewhere.get(id)))
  }
  return {
    checks: stored.flatMap((check) => (check ? [check] : [])),
    missing: ids.filter((_id, index) => stored[index] === undefined),
  }
}

/** Entities by key as this computer's cache has them; without details (null) those it has not. */
export async function readCachedEntities(
  db: Pick<AppDatabase, 'entities'>,
  entityKeys: readonly string[],
): Promise<ExportedEntity[]> {
  const keys = entityKeys.map(splitEntityKey)
  const cached = await db.entities.bulkGet(keys)
  return keys.map(([environment, id], index) => {
    const entry = cached[index]
    return {
      environment,
      id,
      fetchedAt: entry?.fetchedAt ?? null,
      entity: entry?.entity ?? null,
    }
  })
}

/**
 * A case's linked entities, with what this computer's cache (or the bundle) knows of each; for a
 * shared case, an entity not cached here with what the colleague who linked it had cached.
 */
export async function readCaseEntities(
  db: AppDatabase,
  caseRecord: CaseRecord,
): Promise<ExportedEntity[]> {
  if (caseRecord.origin) {
    return (await db.importedCaseContents.get(caseRecord.id))?.entities ?? []
  }
  const entities = await readCachedEntities(db, caseRecord.entityKeys)
  if (entities.every((linked) => linked.entity)) return entities
  // This desk's cache first: it is what this investigator saw; the colleague's copy otherwise.
  const content = await db.importedCaseContents.get(caseRecord.id)
  const elsewhere = new Map(
    content?.entities.map((linked) => [entityKeyOf(linked.environment, linked.id), linked]),
  )
  return entities.map(
    (linked) =>
      (linked.entity ? linked : elsewhere.get(entityKeyOf(linked.environment, linked.id))) ??
      linked,
  )
}

/** The case's current decisions, by decision id. */
export async function readCaseDecisions(
  db: Pick<AppDatabase, 'hitDecisions'>,
  caseId: string,
): Promise<Map<string, HitDecision>> {
  const decisions = await db.hitDecisions.where('caseId').equals(caseId).toArray()
  return new Map(decisions.map((decision) => [decision.id, decision]))
}

export interface EarlierDecision {
  decision: HitDecision
  caseTitle: string
}

/**
 * The latest decision on the same record of the same identifier made on another check (in any
 * case): shown again when that record comes back. A decision made before hits named their chain
 * (keyed by the record alone) counts for the record on every chain, as it did when it was made.
 */
export async function earlierDecisionOn(
  db: AppDatabase,
  queryKey: string,
  hit: HitKeys,
  excludeCheckId: string,
): Promise<EarlierDecision | undefined> {
  const decisions = await db.hitDecisions
    .where('[queryKey+hitKey]')
    .anyOf([...new Set([hit.hitKey, hit.chainlessKey])].map((key) => [queryKey, key]))
    .toArray()
  const latest = decisions
    .filter((decision) => decision.checkId !== excludeCheckId)
    .sort((a, b) => b.decidedAt.localeCompare(a.decidedAt))[0]
  if (!latest) return undefined
  const owner = await db.cases.get(latest.caseId)
  return { decision: latest, caseTitle: owner?.title ?? 'a deleted case' }
}

export const casesWithCheck = (db: AppDatabase, localId: string): Promise<CaseRecord[]> =>
  db.cases.where('checkIds').equals(localId).toArray()

export const casesWithEntity = (db: AppDatabase, entityKey: string): Promise<CaseRecord[]> =>
  db.cases.where('entityKeys').equals(entityKey).toArray()

/** A case a check is in, with where its decisions on that check's wallet stand. */
export interface CheckInCase {
  caseId: string
  title: string
  hits: HitTally
}

/**
 * The check with the later checks of its wallet linked to the same case: the case reviews the
 * wallet by its latest (caseReview), so an earlier check stands for what the later one says.
 */
async function walletInCase(
  db: AppDatabase,
  caseRecord: CaseRecord,
  stored: StoredCheck,
): Promise<StoredCheck[]> {
  const later = await db.checks
    .where('[environment+queryKey+fetchedAt]')
    .between(
      [stored.environment, stored.queryKey, stored.fetchedAt],
      [stored.environment, stored.queryKey, Dexie.maxKey],
      false,
    )
    .filter((check) => caseRecord.checkIds.includes(check.localId) && isStoredCheck(check))
    .toArray()
  return [stored, ...(later as StoredCheck[])]
}

/**
 * For each of these checks, the cases it is in and where each case's decisions on its wallet
 * stand: a lookup of the cases' multiEntry index, of the wallet's later checks by their index, and
 * a key range of decisions per check, never a scan.
 */
export async function casesOfChecks(
  db: AppDatabase,
  checks: readonly StoredCheck[],
): Promise<Map<string, CheckInCase[]>> {
  const entries = await Promise.all(
    checks.map(async (stored) => {
      const cases = await casesWithCheck(db, stored.localId)
      const inCases = await Promise.all(
        cases.map(async (caseRecord): Promise<CheckInCase> => {
          const wallet = await walletInCase(db, caseRecord, stored)
          const decisions = (
            await Promise.all(
              wallet.map(({ localId }) => {
                const prefix = `${caseRecord.id}|${localId}|`
                return db.hitDecisions.where(':id').between(prefix, `${prefix}\uffff`).toArray()
              }),
            )
          ).flat()
          return {
            caseId: caseRecord.id,
            title: caseRecord.title,
            hits: tallyHits(
              caseRecord.id,
              wallet,
              new Map(decisions.map((decision) => [decision.id, decision])),
            ),
          }
        }),
      )
      return [stored.localId, inCases] as const
    }),
  )
  return new Map(entries)
}
