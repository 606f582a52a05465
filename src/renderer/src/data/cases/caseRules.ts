import type { CryptoCheck } from '../../../../shared/bridge/cryptoContract'
import type { CaseRecord, CaseState, HitDecision } from '../../../../shared/cases/caseSchemas'
import { hitDecisionId, hitsOf } from '../../../../shared/cases/checkHits'

/** Moves allowed without closing; closing and reopening have their own steps. */
const nextStates: Record<CaseState, readonly CaseState[]> = {
  open: ['in_review', 'escalated'],
  in_review: ['open', 'escalated'],
  escalated: ['in_review'],
  closed: [],
}

export const statesReachableFrom = (state: CaseState): readonly CaseState[] => nextStates[state]

/** Why a case cannot be changed at all, or null when it can. */
export function lockReason(caseRecord: CaseRecord): string | null {
  if (caseRecord.origin) {
    return 'This case was imported from a bundle and is read-only.'
  }
  if (caseRecord.state === 'closed') return 'This case is closed: reopen it to change it.'
  return null
}

export interface HitTally {
  total: number
  undecided: number
  byDecision: Record<HitDecision['decision'], number>
}

/** Counts the hits of a case's checks and how many of them carry a decision. */
export function tallyHits(
  caseId: string,
  checks: ReadonlyArray<{ localId: string; check: CryptoCheck }>,
  decisions: ReadonlyMap<string, HitDecision>,
): HitTally {
  const tally: HitTally = {
    total: 0,
    undecided: 0,
    byDecision: { true_match: 0, false_positive: 0, needs_review: 0 },
  }
  for (const { localId, check } of checks) {
    for (const hit of hitsOf(check)) {
      tally.total += 1
      const decision = decisions.get(hitDecisionId(caseId, localId, hit.hitKey))
      if (decision) tally.byDecision[decision.decision] += 1
      else tally.undecided += 1
    }
  }
  return tally
}
