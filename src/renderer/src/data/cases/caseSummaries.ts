import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import type { AppDatabase, CaseSummary } from '../database/appDatabase'
import { readCaseChecks, readCaseDecisions } from './caseReads'
import { tallyHits } from '../../../../shared/cases/caseRules'
import { namedHolders } from '../../../../shared/cases/checkHits'
import { walletsUnderReview } from '../../../../shared/cases/caseReview'

type SummarySources = Pick<AppDatabase, 'checks' | 'hitDecisions' | 'importedCaseContents'>

/** What the case list shows and filters by of a case's linked checks and their decisions. */
export async function summariseCase(
  db: SummarySources,
  caseRecord: CaseRecord,
): Promise<CaseSummary> {
  const { checks } = await readCaseChecks(db, caseRecord)
  const decisions = await readCaseDecisions(db, caseRecord.id)
  return {
    caseId: caseRecord.id,
    hits: tallyHits(caseRecord.id, checks, decisions),
    identifiers: [...new Set(checks.map((check) => check.queryKey.toLowerCase()))],
    holders: namedHolders(checks.map(({ check }) => check)),
    wallets: walletsUnderReview(checks).length,
  }
}

/** Audit actions after which a case's summary is written again: the others leave it as it was. */
const summarisedActions = new Set(['check-linked', 'check-unlinked', 'hit-decided', 'rescreened'])

export const changesSummary = (action: string): boolean => summarisedActions.has(action)

/** Called inside the transaction of the change, so the summary never disagrees with the case. */
export async function storeCaseSummary(
  db: SummarySources & Pick<AppDatabase, 'caseSummaries'>,
  caseRecord: CaseRecord,
): Promise<void> {
  await db.caseSummaries.put(await summariseCase(db, caseRecord))
}

/** A new case's summary: nothing linked yet. */
export const emptySummary = (caseId: string): CaseSummary => ({
  caseId,
  hits: {
    total: 0,
    undecided: 0,
    byDecision: { true_match: 0, false_positive: 0, needs_review: 0 },
  },
  identifiers: [],
  holders: [],
  wallets: 0,
})
