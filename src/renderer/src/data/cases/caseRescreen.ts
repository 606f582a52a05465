import { decisionOnHit, hitDecisionId } from '../../../../shared/cases/checkHits'
import type { HitDecision } from '../../../../shared/cases/caseSchemas'
import { checkDifference, differenceKeys } from '../../../../shared/records/checkDifference'
import type { Actor } from '../../../../shared/identity/investigator'
import { differenceSentence } from '../../../../shared/records/differenceWords'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { onAppDatabase, type AppDatabase } from '../database/appDatabase'
import { isStoredCheck } from '../database/storedCheck'
import type { RescreenWallet } from '../rescreen/rescreenWallets'
import { CaseRuleError } from './caseErrors'
import { changeCase } from './caseRepository'

/** What a re-screen of one wallet found, as its audit entry keeps it. */
export interface RescreenRecord {
  earlier: { localId: string; fetchedAt: string }
  later: { localId: string; fetchedAt: string }
  query: string
  added: string[]
  removed: string[]
  changed: Array<{ hitKey: string; fields: string[] }>
  /** Decisions on the earlier check whose record came back, now on the later one. */
  carried: HitDecision[]
}

const summaryOf = (record: RescreenRecord): string =>
  `Re-screened ${record.query}: ${differenceSentence({ ...record, carried: record.carried.length })}`

/**
 * Puts a later check of a wallet already in the case on it, beside the earlier one: the
 * difference goes on the trail, and each decision on a record that came back is carried to the
 * later check (marked so), in the same transaction. Records no longer listed keep their
 * decisions on the earlier check, which stays linked.
 */
export async function recordRescreen(
  db: AppDatabase,
  actor: Actor,
  caseId: string,
  checks: { earlierId: string; laterId: string },
): Promise<RescreenRecord> {
  let record: RescreenRecord | undefined
  await changeCase(db, actor, caseId, async (current) => {
    if (!current.checkIds.includes(checks.earlierId)) {
      throw new CaseRuleError('The earlier check of this wallet is not linked to the case.')
    }
    if (current.checkIds.includes(checks.laterId)) {
      throw new CaseRuleError('This check is already linked to the case.')
    }
    const [earlier, later] = await db.checks.bulkGet([checks.earlierId, checks.laterId])
    if (!earlier || !later || !isStoredCheck(earlier) || !isStoredCheck(later)) {
      throw new CaseRuleError('Both checks must be answered checks on this computer.')
    }
    if (earlier.environment !== later.environment || earlier.queryKey !== later.queryKey) {
      throw new CaseRuleError('A re-screen compares two checks of one wallet in one environment.')
    }
    const difference = checkDifference(earlier.check, later.check)
    const decided = await db.hitDecisions
      .where('caseId')
      .equals(caseId)
      .filter((decision) => decision.checkId === earlier.localId)
      .toArray()
    const byId = new Map(decided.map((decision) => [decision.id, decision]))
    const carried: HitDecision[] = []
    for (const hit of [...difference.unchanged, ...difference.changed.map((c) => c.after)]) {
      // A decision made before hits named their chain is carried to each chain of its record.
      const decision = decisionOnHit(byId, caseId, earlier.localId, hit)
      if (!decision) continue
      carried.push({
        ...decision,
        id: hitDecisionId(caseId, later.localId, hit.hitKey),
        hitKey: hit.hitKey,
        checkId: later.localId,
        recordTitle: hit.title,
        carriedFrom: earlier.localId,
      })
    }
    await db.hitDecisions.bulkPut(carried)
    const rescreen: RescreenRecord = {
      earlier: { localId: earlier.localId, fetchedAt: earlier.fetchedAt },
      later: { localId: later.localId, fetchedAt: later.fetchedAt },
      query: later.query,
      ...differenceKeys(difference),
      carried,
    }
    record = rescreen
    return {
      next: { ...current, checkIds: [...current.checkIds, later.localId] },
      audit: {
        action: 'rescreened',
        summary: summaryOf(rescreen),
        before: null,
        after: rescreen,
      },
    }
  })
  if (!record) throw new CaseRuleError('The re-screen was not recorded.')
  return record
}

/** A wallet of a case, by its newest linked check in one environment: what a re-screen compares to. */
export interface CaseWallet extends RescreenWallet {
  latest: { localId: string; fetchedAt: string }
}

/** Each wallet of a case once per environment, with its newest linked check. */
export async function walletsOfCase(
  db: AppDatabase,
  caseRecord: CaseRecord,
): Promise<CaseWallet[]> {
  const wallets = new Map<string, CaseWallet>()
  for (const check of await db.checks.bulkGet(caseRecord.checkIds)) {
    if (!check || !isStoredCheck(check)) continue
    const key = `${check.environment}|${check.queryKey}`
    const known = wallets.get(key)
    if (known && known.latest.fetchedAt >= check.fetchedAt) continue
    wallets.set(key, {
      environment: check.environment,
      query: check.query,
      queryKey: check.queryKey,
      latest: { localId: check.localId, fetchedAt: check.fetchedAt },
    })
  }
  return [...wallets.values()]
}

export const caseRescreen = onAppDatabase({ recordRescreen })
