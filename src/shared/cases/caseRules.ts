import type { CryptoCheck } from '../bridge/cryptoContract'
import { countOf, formatNumber, noun } from '../text/counting'
import { caseOutcomeLabels } from './caseLabels'
import type {
  AuditEntry,
  CaseOutcome,
  CaseRecord,
  CaseState,
  HitDecision,
  HitDecisionKind,
} from './caseSchemas'
import { decisionsOfCase, hitsUnderReview, type DecisionOf, type WalletCheck } from './caseReview'
import { hitsOf, type HitKeys } from './checkHits'

/**
 * The rules of a case, once, for everyone who applies them: the app when a case changes, the
 * report when it counts, and the verifier when it replays a bundle's trail.
 */

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
  /** Hits with no decision at all; those marked "needs review" are counted in `byDecision`. */
  undecided: number
  byDecision: Record<HitDecision['decision'], number>
}

const hits = (count: number): string => countOf(count, noun('hit'))

/**
 * The hits still without a final call, "2 hits have no decision and 1 still needs review"; null
 * when every hit is a true match or a false positive.
 */
export function openHitsSentence(tally: HitTally): string | null {
  const { undecided } = tally
  const review = tally.byDecision.needs_review
  const parts: string[] = []
  if (undecided > 0)
    parts.push(`${hits(undecided)} ${undecided === 1 ? 'has' : 'have'} no decision`)
  if (review > 0) {
    const who = undecided > 0 ? String(review) : hits(review)
    parts.push(`${who} still ${review === 1 ? 'needs' : 'need'} review`)
  }
  return parts.length > 0 ? parts.join(' and ') : null
}

/** Whether a case may close with this outcome while a hit carries this decision. */
export const outcomeAllowsDecision = (outcome: CaseOutcome, decision: HitDecisionKind): boolean =>
  !(outcome === 'no_concern' && decision === 'true_match')

/** Why a case may not close with this outcome while it holds these true matches, or null. */
export function outcomeRefusal(outcome: CaseOutcome, trueMatches: number): string | null {
  if (outcomeAllowsDecision(outcome, 'true_match') || trueMatches === 0) return null
  const matches =
    trueMatches === 1
      ? '1 hit is a confirmed true match'
      : `${trueMatches} hits are confirmed true matches`
  return `A case cannot close as “${caseOutcomeLabels.no_concern}” while ${matches}: choose another outcome, or revise the decision first.`
}

/**
 * Counts decisions standing on hits, one per hit (undefined for a hit with none); what counts as
 * decided is here only: a hit marked "needs review" has a decision, but not a final one (see
 * openHitsSentence).
 */
function tallyStanding(standing: Iterable<Pick<HitDecision, 'decision'> | undefined>): HitTally {
  const tally: HitTally = {
    total: 0,
    undecided: 0,
    byDecision: { true_match: 0, false_positive: 0, needs_review: 0 },
  }
  for (const decision of standing) {
    tally.total += 1
    if (decision) tally.byDecision[decision.decision] += 1
    else tally.undecided += 1
  }
  return tally
}

/** Counts hits and how many of them carry a decision, each hit's decision found by `decisionOf`. */
export const tallyDecisions = (
  hits: Iterable<{ checkId: string; hit: HitKeys }>,
  decisionOf: (checkId: string, hit: HitKeys) => HitDecision | undefined,
): HitTally => tallyStanding(Array.from(hits, ({ checkId, hit }) => decisionOf(checkId, hit)))

/**
 * Counts the hits a person reviews in a case and how many of them carry a decision: each wallet's
 * latest check's hits, each record once, with the decision standing on it (hitsUnderReview). An
 * earlier check of a wallet is its history, not another set of hits to decide. The report and
 * the verifier count with this too, each check's hits as they summarise them.
 */
export const tallyReview = <Check extends WalletCheck>(
  checks: readonly Check[],
  hitsOfCheck: (check: Check) => readonly HitKeys[],
  decisionOf: DecisionOf<HitDecision>,
): HitTally =>
  tallyStanding(
    hitsUnderReview(checks, hitsOfCheck, decisionOf).map((reviewed) => reviewed.decision),
  )

/** The review's tally of a case's checks as stored, over the case's decisions by id. */
export const tallyHits = (
  caseId: string,
  checks: ReadonlyArray<WalletCheck & { check: CryptoCheck }>,
  decisions: ReadonlyMap<string, HitDecision>,
): HitTally => tallyReview(checks, ({ check }) => hitsOf(check), decisionsOfCase(decisions, caseId))

const trueMatch = noun('true match', 'true matches')

export type HitState =
  | { kind: 'true_match'; label: string }
  | { kind: 'to_decide'; label: string }
  | { kind: 'decided'; label: string }

/**
 * Where the decisions on some hits stand, in two or three words for a list ("1 true match", "2 to
 * decide", "All decided"); null when there are no hits. A true match outweighs the rest.
 */
export function hitStateOf(tally: HitTally): HitState | null {
  if (tally.total === 0) return null
  const trueMatches = tally.byDecision.true_match
  if (trueMatches > 0) return { kind: 'true_match', label: countOf(trueMatches, trueMatch) }
  const toDecide = tally.undecided + tally.byDecision.needs_review
  if (toDecide > 0) return { kind: 'to_decide', label: `${formatNumber(toDecide)} to decide` }
  return { kind: 'decided', label: 'All decided' }
}

/**
 * The entries of a trail that name another key than the signer's as their actor: a bundle speaks
 * only for the key that signs it, so the exporter refuses to sign such a trail and the verifier
 * fails one. Entries written before actors were recorded name none and hash as they always did.
 */
export const entriesByOtherKeys = (
  trail: readonly AuditEntry[],
  signerFingerprint: string,
): AuditEntry[] =>
  trail.filter((entry) => entry.actor && entry.actor.fingerprint !== signerFingerprint)
