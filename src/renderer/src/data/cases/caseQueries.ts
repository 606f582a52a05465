import { useLiveQuery } from 'dexie-react-hooks'
import type {
  AuditEntry,
  CaseNote,
  CaseRecord,
  HitDecision,
} from '../../../../shared/cases/caseSchemas'
import type { ExportedCheck, ExportedEntity } from '../../../../shared/bridge/evidenceContract'
import { appDatabase } from '../database/appDatabase'
import { readCaseListRows, readCasesAwaitingReview, type CaseAwaitingReview } from './caseListReads'
import type { CaseListRow } from './caseListSelection'
import {
  casesWithCheck,
  casesWithEntity,
  earlierDecisionOn,
  readCaseChecks,
  readCaseDecisions,
  readCaseEntities,
  type EarlierDecision,
} from './caseReads'
import { auditTrailOf } from './caseReads'
import { lockReason, tallyHits, type HitTally } from '../../../../shared/cases/caseRules'
import type { HitKeys } from '../../../../shared/cases/checkHits'
import { walletsUnderReview, type WalletUnderReview } from '../../../../shared/cases/caseReview'

/** One case, kept live: undefined while it is read, null when there is no such case. */
export const useCase = (caseId: string | null): CaseRecord | null | undefined =>
  useLiveQuery(
    async () => (caseId === null ? null : ((await appDatabase.cases.get(caseId)) ?? null)),
    [caseId],
  )

/** Every case with its number and summary, for the case list to search, filter and sort. */
export const useCaseListRows = (): CaseListRow[] | undefined =>
  useLiveQuery(() => readCaseListRows(appDatabase), [])

/**
 * The shared cases waiting for the member `me` to review them, as this desk last applied them (so
 * also offline); none on a desk in no team (`me` null).
 */
export const useCasesAwaitingReview = (me: string | null): CaseAwaitingReview[] | undefined =>
  useLiveQuery(async () => (me === null ? [] : readCasesAwaitingReview(appDatabase, me)), [me])

/**
 * How many shared cases wait for `me` to review them: a number, so the frame that shows it renders
 * again only when it changes, not each time a shared case is applied.
 */
export const useCountAwaitingReview = (me: string | null): number =>
  useLiveQuery(
    async () => (me === null ? 0 : (await readCasesAwaitingReview(appDatabase, me)).length),
    [me],
  ) ?? 0

/** The cases something may still be added to, most recently changed first. */
export const useEditableCases = (): CaseRecord[] | undefined =>
  useLiveQuery(
    async () =>
      (await appDatabase.cases.orderBy('updatedAt').reverse().toArray()).filter(
        (caseRecord) => lockReason(caseRecord) === null,
      ),
    [],
  )

/** The cases a check (by its local id) or an entity (by its entity key) belongs to. */
export const useCasesWith = (
  member: { checkId: string } | { entityKey: string },
): CaseRecord[] | undefined => {
  const checkId = 'checkId' in member ? member.checkId : null
  const entityKey = 'entityKey' in member ? member.entityKey : null
  return useLiveQuery(
    () =>
      checkId !== null
        ? casesWithCheck(appDatabase, checkId)
        : casesWithEntity(appDatabase, entityKey ?? ''),
    [checkId, entityKey],
  )
}

/** A case's notes, newest first. */
export const useCaseNotes = (caseId: string): CaseNote[] | undefined =>
  useLiveQuery(
    () =>
      appDatabase.caseNotes
        .where('[caseId+createdAt]')
        .between([caseId, ''], [caseId, '\uffff'])
        .reverse()
        .toArray(),
    [caseId],
  )

/** A case's audit trail in order. */
export const useAuditTrail = (caseId: string): AuditEntry[] | undefined =>
  useLiveQuery(() => auditTrailOf(appDatabase, caseId).toArray(), [caseId])

export interface CaseWalletsView {
  /** The first wallets of the case, in the order each was first linked. */
  wallets: Array<WalletUnderReview<ExportedCheck>>
  /** How many wallets the case has in all. */
  walletCount: number
  missing: string[]
  decisions: Map<string, HitDecision>
}

/**
 * The first `shown` wallets of a case, each by its latest check with its earlier ones, and the
 * case's decisions. Which check of a wallet is its latest can be known only from all of them, so
 * every linked check is read; only the wallets shown are handed on.
 */
export const useCaseWallets = (
  caseRecord: CaseRecord,
  shown: number,
): CaseWalletsView | undefined =>
  useLiveQuery(async () => {
    const { checks, missing } = await readCaseChecks(appDatabase, caseRecord)
    const wallets = walletsUnderReview(checks)
    return {
      wallets: wallets.slice(0, shown),
      walletCount: wallets.length,
      missing,
      decisions: await readCaseDecisions(appDatabase, caseRecord.id),
    }
  }, [caseRecord, shown])

/**
 * How many hits the case's checks have and how many are decided. It reads every linked check, so
 * a screen may hold it back (`wanted` false) until what the user looks at first is shown.
 */
export const useHitTally = (caseRecord: CaseRecord, wanted = true): HitTally | undefined =>
  useLiveQuery(async () => {
    if (!wanted) return undefined
    const { checks } = await readCaseChecks(appDatabase, caseRecord)
    return tallyHits(caseRecord.id, checks, await readCaseDecisions(appDatabase, caseRecord.id))
  }, [caseRecord, wanted])

/** A case's linked entities, with what is known of each. */
export const useCaseEntities = (caseRecord: CaseRecord): ExportedEntity[] | undefined =>
  useLiveQuery(() => readCaseEntities(appDatabase, caseRecord), [caseRecord])

/**
 * The latest decision on each of these hits (the same record under its categories) of the same
 * identifier from another check; hits never decided before are left out.
 */
export const useEarlierDecisions = (
  queryKey: string,
  hits: readonly HitKeys[],
  checkId: string,
): EarlierDecision[] | undefined =>
  useLiveQuery(
    async () =>
      (
        await Promise.all(hits.map((hit) => earlierDecisionOn(appDatabase, queryKey, hit, checkId)))
      ).filter((earlier) => earlier !== undefined),
    // The joined keys stand for the list.
    [queryKey, hits.map((hit) => hit.hitKey).join('\u0000'), checkId],
  )
