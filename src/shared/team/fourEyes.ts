import { caseOutcomeLabels } from '../cases/caseLabels'
import type { CaseOutcome } from '../cases/caseSchemas'
import { fourEyesActions } from '../cases/fourEyesActions'
import { countOf, noun } from '../text/counting'
import {
  approvedRequestIn,
  changesTheCase,
  closingOutcomeIn,
  escalates,
  requestIn,
  sendBackIn,
  signedBy,
  type ReviewApproval,
  type ReviewRequest,
} from './fourEyesEntries'
import { replayTeamCase } from './teamCaseReplay'
import { compareTeamEntries, sawTeamEntry } from './teamChains'
import { idOfTeamEntry, type TeamEntry } from './teamEntry'
import { holdsRole, membersHolding } from './teamRoles'
import type { TeamRoster } from './teamRoster'

/**
 * The four-eyes rule, once, for the app before a close, the report, and the verifier over a
 * bundle's entries. A shared case whose hits include a confirmed true match, or that was ever
 * escalated, closes only with an `approved` entry that answers a close request, signed by a member
 * other than the one who asked and the one who closes, who held the reviewer role when approving,
 * for the outcome the case closes with, and made after every change to the case the closer knew
 * of: any such change the approver had not seen withdraws the approval. "After" is what the
 * approver's desk held, not the clock, so every desk and the verifier judge a close alike.
 */

/** What a case closed on a desk with no team says, in the app and in the report. */
export const oneDeskSentence = 'Closed without a second review (one-person desk).'

/** Why the rule applies to a case: what the closer knew of it. */
export interface FourEyesCause {
  /** Hits on which a true match stands, also as one side of a disagreement. */
  trueMatches: number
  escalated: boolean
}

export interface FourEyesNeeds {
  cause: FourEyesCause
  /** The close request an approval would answer, or null when nobody has asked (or it was answered). */
  request: ReviewRequest | null
  /**
   * Who may approve as the roster stands: reviewers other than the closer and the requester. Empty
   * when nobody may: a team admin must give someone the reviewer role first.
   */
  approvers: string[]
}

export type FourEyesVerdict =
  /** `approvedBy` is null when the rule does not apply (or there is no team to apply it). */
  | { may: true; approvedBy: ReviewApproval | null; why: string }
  | { may: false; why: string; needs: FourEyesNeeds }

/** The verdict on a desk with no team: the rule cannot apply, and the case says so. */
export const oneDeskVerdict: FourEyesVerdict = { may: true, approvedBy: null, why: oneDeskSentence }

/** Who would close, and with which outcome (null when a `closed` entry does not say). */
export interface FourEyesCloser {
  member: string
  outcome: CaseOutcome | null
}

/**
 * Whether `closer` may close the shared case whose applied entries (see `trustTeamEntries`) are
 * `entries` now, with the approval that allows it, or why not and what it needs.
 */
export function closeVerdict(
  entries: readonly TeamEntry[],
  roster: TeamRoster,
  closer: FourEyesCloser,
): FourEyesVerdict {
  return judge([...entries].sort(compareTeamEntries), roster, closer)
}

export interface FourEyesBreach {
  /** The `closed` entry that broke the rule. */
  entryId: string
  member: string
  at: string
  /** For the verifier: the entry named, and what it lacks. */
  problem: string
  /** The verdict's sentence as the closer's desk would have said it. */
  why: string
}

/**
 * Every `closed` entry of a shared case that broke the rule, each judged on the entries its
 * author's desk had when writing it: a change made meanwhile elsewhere neither helps nor harms it.
 */
export function fourEyesBreaches(
  entries: readonly TeamEntry[],
  roster: TeamRoster,
): FourEyesBreach[] {
  const ordered = [...entries].sort(compareTeamEntries)
  return ordered.flatMap((close) => {
    if (close.action !== 'closed') return []
    const past = ordered.filter((entry) => sawTeamEntry(close, entry))
    const closer = { member: close.member, outcome: closingOutcomeIn(close) }
    const verdict = judge(past, roster, closer)
    if (verdict.may) return []
    const entryId = idOfTeamEntry(close)
    return [
      {
        entryId,
        member: close.member,
        at: close.at,
        problem: `${entryId} closes the case without an approval by a second reviewer made after its last change`,
        why: verdict.why,
      },
    ]
  })
}

/** A close request nobody has yet approved as the rule allows, and who may approve it. */
export interface AwaitedReview {
  request: ReviewRequest
  approvers: string[]
}

/**
 * The review a shared case waits for, or null: its latest close request, unless sent back,
 * followed by a close or a reopening, or approved as the rule allows. "Waiting for my review" is
 * a case whose awaited review lists me among its approvers.
 */
export function awaitedReview(
  entries: readonly TeamEntry[],
  roster: TeamRoster,
): AwaitedReview | null {
  const ordered = [...entries].sort(compareTeamEntries)
  const request = standingRequest(ordered)
  if (!request) return null
  const closer = { member: request.member, outcome: request.outcome }
  const approved = ordered.some(
    (entry) =>
      entry.action === fourEyesActions.approved &&
      'request' in checkApproval(entry, ordered, roster, closer),
  )
  return approved ? null : { request, approvers: approversFor(roster, closer, request) }
}

const nameOf = (entry: { author: { name: string }; member: string }): string =>
  `${entry.author.name} (${entry.member})`

const trueMatch = noun('hit is a confirmed true match', 'hits are confirmed true matches')

/** The verdict on `closer` closing after `past`, the entries they know of in the one order. */
function judge(
  past: readonly TeamEntry[],
  roster: TeamRoster,
  closer: FourEyesCloser,
): FourEyesVerdict {
  const cause = causeOf(past)
  if (cause.trueMatches === 0 && !cause.escalated) {
    return {
      may: true,
      approvedBy: null,
      why: 'No hit is a confirmed true match and the case was never escalated: no second review is needed.',
    }
  }
  let approvedBy: ReviewApproval | null = null
  // Of the approvals that do not count, the one that came nearest to counting says why.
  let refused: { problem: string; stage: number } | null = null
  for (const entry of past) {
    if (entry.action !== fourEyesActions.approved) continue
    const checked = checkApproval(entry, past, roster, closer)
    if ('request' in checked) approvedBy = { ...signedBy(entry), request: checked.request }
    else if (!refused || checked.stage >= refused.stage) refused = checked
  }
  if (approvedBy) {
    return {
      may: true,
      approvedBy,
      why: `Approved by ${approvedBy.author.name} (${approvedBy.member}), a second reviewer, after the case's last change.`,
    }
  }
  const request = standingRequest(past)
  const approvers = approversFor(roster, closer, request)
  const causes = [
    ...(cause.trueMatches > 0 ? [countOf(cause.trueMatches, trueMatch)] : []),
    ...(cause.escalated ? ['the case was escalated'] : []),
  ].join(' and ')
  const state =
    refused?.problem ??
    (request
      ? `${nameOf(request)} asked for a review and no reviewer has approved it yet`
      : 'nobody has asked for a review yet')
  const nobody =
    approvers.length === 0
      ? ' No other member holds the reviewer role: a team admin must give someone the role.'
      : ''
  return {
    may: false,
    why: `Because ${causes}, the case closes only with the approval of a second member holding the reviewer role, made after its last change: ${state}.${nobody}`,
    needs: { cause, request, approvers },
  }
}

function causeOf(past: readonly TeamEntry[]): FourEyesCause {
  const replay = replayTeamCase(past)
  const matched = new Set<string>()
  for (const [id, decision] of replay.decisions) {
    if (decision.decision === 'true_match') matched.add(id)
  }
  // A true match one desk confirmed still counts while another desk's other call stands beside it.
  for (const disagreement of replay.disagreements) {
    if (
      disagreement.kind === 'hit' &&
      disagreement.sides.some((side) => side.decision === 'true_match')
    ) {
      matched.add(disagreement.decisionId)
    }
  }
  return { trueMatches: matched.size, escalated: past.some(escalates) }
}

/** The request `approval` lets `closer` close on after `past`, or why it does not, in words. */
function checkApproval(
  approval: TeamEntry,
  past: readonly TeamEntry[],
  roster: TeamRoster,
  closer: FourEyesCloser,
): { request: ReviewRequest } | { problem: string; stage: number } {
  let stage = 0
  const refuse = (problem: string) => ({ problem: `${nameOf(approval)} ${problem}`, stage })
  const requestId = approvedRequestIn(approval)
  const requestEntry = past.find(
    (entry) => idOfTeamEntry(entry) === requestId && sawTeamEntry(approval, entry),
  )
  const request = requestEntry ? requestIn(requestEntry) : null
  if (!request) return refuse('approved no close request they had seen')
  stage += 1
  if (approval.member === request.member) return refuse('cannot approve their own close request')
  stage += 1
  if (approval.member === closer.member) return refuse('cannot approve a close they make themself')
  stage += 1
  if (!holdsRole(roster, approval.member, 'reviewer', approval.at)) {
    return refuse('did not hold the reviewer role when approving')
  }
  stage += 1
  if (request.outcome !== closer.outcome) {
    const asked = caseOutcomeLabels[request.outcome]
    const closing = closer.outcome
      ? `“${caseOutcomeLabels[closer.outcome]}”`
      : 'an unreadable outcome'
    return refuse(`approved closing as “${asked}”, not as ${closing}`)
  }
  stage += 1
  const missed = past.find((entry) => changesTheCase(entry) && !sawTeamEntry(approval, entry))
  if (missed) {
    const id = idOfTeamEntry(missed)
    return refuse(
      `approved before a later change (${missed.action}, entry ${id}), which withdrew the approval`,
    )
  }
  return { request }
}

/** The latest close request of `ordered`, unless sent back or followed by a close or reopening. */
function standingRequest(ordered: readonly TeamEntry[]): ReviewRequest | null {
  let request: ReviewRequest | null = null
  for (const entry of ordered) {
    const asked = requestIn(entry)
    if (asked) request = asked
    else if (entry.action === 'closed' || entry.action === 'reopened') request = null
    else if (request && sendBackIn(entry)?.request === request.entryId) request = null
  }
  return request
}

function approversFor(
  roster: TeamRoster,
  closer: FourEyesCloser,
  request: ReviewRequest | null,
): string[] {
  return membersHolding(roster, 'reviewer').filter(
    (member) => member !== closer.member && member !== request?.member,
  )
}
