import type { CryptoCheck } from '../../../../../shared/bridge/cryptoContract'
import { tallyHits } from '../../../../../shared/cases/caseRules'
import type { WalletCheck } from '../../../../../shared/cases/caseReview'
import type { CaseRecord, HitDecision } from '../../../../../shared/cases/caseSchemas'
import type { DatabaseMigration } from './databaseMigration'

type LinkedCheck = WalletCheck & { check: CryptoCheck }

const linkedCheckOf = (row: unknown): LinkedCheck[] => {
  const linked = row as Partial<LinkedCheck> | undefined
  return linked?.check?.categories && linked.localId && linked.queryKey && linked.fetchedAt
    ? [linked as LinkedCheck]
    : []
}

/**
 * A case now reviews each wallet by its latest check (an earlier check of it is history, not more
 * hits to decide: the shared tallyHits), so the hit counts the case list shows and filters by are
 * counted again here for the summaries already on this computer. Read from the tables themselves
 * with the shared case rule, never through the case aggregate's code. Derived only: a backup made
 * before this restores unchanged, its summaries counted the old way until their case next changes.
 */
export const caseSummaryReviewSchema: DatabaseMigration = {
  version: 14,
  name: 'case-summary-review',
  stores: {},
  derivedOnly: true,
  upgrade: async (transaction) => {
    const cases = (await transaction.table('cases').toArray()) as CaseRecord[]
    for (const caseRecord of cases) {
      const rows: unknown[] = caseRecord.origin
        ? ((
            (await transaction.table('importedCaseContents').get(caseRecord.id)) as
              { checks?: unknown[] } | undefined
          )?.checks ?? [])
        : await transaction.table('checks').bulkGet(caseRecord.checkIds)
      const decisions = (await transaction
        .table('hitDecisions')
        .where('caseId')
        .equals(caseRecord.id)
        .toArray()) as HitDecision[]
      await transaction.table('caseSummaries').update(caseRecord.id, {
        hits: tallyHits(
          caseRecord.id,
          rows.flatMap(linkedCheckOf),
          new Map(decisions.map((decision) => [decision.id, decision])),
        ),
      })
    }
  },
}
