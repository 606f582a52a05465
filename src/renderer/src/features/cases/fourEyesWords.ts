import type {
  AwaitedReviewView,
  CaseAssignmentView,
  RosterMemberView,
  SharedCase,
} from '../../../../shared/bridge/teamContract'
import { caseOutcomeLabels } from '../../../../shared/cases/caseLabels'
import type { AuditEntry, CaseOutcome, CaseState } from '../../../../shared/cases/caseSchemas'
import { fourEyesActions } from '../../../../shared/cases/fourEyesActions'
import type { Actor } from '../../../../shared/identity/investigator'
import {
  changesTheCase,
  reviewRequestSchema,
  reviewSendBackSchema,
} from '../../../../shared/team/fourEyesEntries'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'

/** Who is in the team, as far as words need it: a member's name and the keys that sign for them. */
export type RosterNames = readonly Pick<RosterMemberView, 'member' | 'name' | 'fingerprints'>[]

/** What a shared case's row keeps of its four-eyes review (absent on rows applied before it). */
export interface FourEyesRow {
  awaitedReview?: SharedCase['awaitedReview']
  closeVerdict?: SharedCase['closeVerdict']
  memberRoles?: SharedCase['memberRoles']
}

/** "Bea Reviewer (bea)"; the member's name alone while the roster has not said theirs. */
export function memberLabel(roster: RosterNames, member: string): string {
  const found = roster.find((entry) => entry.member === member)
  return found ? `${shown(found.name)} (${shown(member)})` : shown(member)
}

/** "Bea (bea) or Cyd (cyd)": any one of them may approve. */
export const membersLabel = (roster: RosterNames, members: readonly string[]): string =>
  members.map((member) => memberLabel(roster, member)).join(' or ')

/** The member whose key signed as `actor`, or null when the roster does not hold that key. */
export const memberOfActor = (roster: RosterNames, actor: Actor | undefined): string | null =>
  (actor && roster.find((entry) => entry.fingerprints.includes(actor.fingerprint))?.member) ?? null

/** "Bea Reviewer (bea)" for an entry's author, or their name alone when the roster lacks the key. */
export function actorLabel(roster: RosterNames, actor: Actor | undefined): string {
  const member = memberOfActor(roster, actor)
  if (member) return memberLabel(roster, member)
  return actor ? shown(actor.name) : 'someone not recorded'
}

/** A case's header on who works on it: "Assigned to …" or "Unassigned", and a contest if any. */
export interface AssignmentWords {
  assignee: string
  /** Two assignments made without knowing of each other: who gave it to whom, and what settles it. */
  contested: string | null
}

export function assignmentWords(
  roster: RosterNames,
  { assignee, contested, sides }: CaseAssignmentView,
): AssignmentWords {
  const to = (member: string | null) => (member === null ? 'nobody' : memberLabel(roster, member))
  return {
    assignee: assignee === null ? 'Unassigned' : `Assigned to ${to(assignee)}`,
    contested: contested
      ? `Assigned at once by two members who did not know of each other: ${sides
          .map(
            (side) =>
              `${memberLabel(roster, side.member)} ${side.assignee === side.member ? 'took it' : `gave it to ${to(side.assignee)}`}`,
          )
          .join('; ')}. Reassign it to settle who works on it.`
      : null,
  }
}

/** Members other than `me` holding the reviewer role: whom a close request of mine would ask. */
export const reviewersBesides = (row: FourEyesRow, me: string): string[] =>
  (row.memberRoles ?? [])
    .filter(({ member, roles }) => member !== me && roles.includes('reviewer'))
    .map(({ member }) => member)

export const nobodyReviewsSentence =
  'Nobody else in the team holds the reviewer role, so nobody could approve this close: a team admin must give someone the reviewer role in Settings → Team.'

/** What the close dialog does for the outcome chosen, and what it says about a second review. */
export type CloseReview =
  /**
   * Closing goes through: the rule does not apply, or an approval for this outcome counts (`why`
   * says which); `why` is null for a case not shared, or shared before four eyes.
   */
  | { kind: 'close'; why: string | null }
  /** A second review is needed: the dialog asks for it instead of closing. */
  | { kind: 'ask'; why: string; note: string | null; approvers: string[] }
  /** A review is needed and nobody could give it: nothing to send. */
  | { kind: 'nobody'; why: string }

/**
 * What closing a shared case with `outcome` needs, from the verdict the main side judged when the
 * case was last applied. That verdict is on the outcome of the latest close request, so another
 * outcome chosen here needs a review of its own.
 */
export function closeReview(
  row: FourEyesRow | null,
  outcome: CaseOutcome | null,
  roster: RosterNames,
): CloseReview {
  const verdict = row?.closeVerdict
  if (!row || !verdict) return { kind: 'close', why: null }
  const me = verdict.closer
  if (
    verdict.may &&
    (verdict.approvedBy === null || outcome === null || outcome === verdict.outcome)
  )
    return { kind: 'close', why: verdict.why }
  const approvers = reviewersBesides(row, me)
  if (approvers.length === 0)
    return { kind: 'nobody', why: `${verdict.why} ${nobodyReviewsSentence}` }
  if (verdict.may && verdict.outcome) {
    return {
      kind: 'ask',
      why: verdict.why,
      note: `That approval is for closing as “${caseOutcomeLabels[verdict.outcome]}”: closing as “${caseOutcomeLabels[outcome ?? verdict.outcome]}” needs a new review.`,
      approvers,
    }
  }
  const waiting = row.awaitedReview?.request
  const mine = waiting?.member === me
  return {
    kind: 'ask',
    why: verdict.why,
    note:
      waiting && mine
        ? `Your request to close as “${caseOutcomeLabels[waiting.outcome]}” already waits for review by ${membersLabel(roster, row.awaitedReview?.approvers ?? [])}: asking again replaces it.`
        : null,
    approvers,
  }
}

/** The trail's latest close request, and what came after it, in the case's one order. */
function latestRequest(trail: readonly AuditEntry[]) {
  const at = trail.findLastIndex((entry) => entry.action === fourEyesActions.reviewRequested)
  if (at < 0) return null
  const request = trail[at]!
  const after = trail.slice(at + 1)
  return { request, after, asked: reviewRequestSchema.safeParse(request.after).data ?? null }
}

/** A review panel's state: what waits, what was answered, and who may do what about it. */
export type ReviewStanding =
  | {
      kind: 'waiting'
      request: AwaitedReviewView['request']
      approvers: string[]
      /** This desk's member asked: they wait, and cannot approve. */
      mine: boolean
      /** This desk's member may approve or send back. */
      mayAnswer: boolean
      /** An approval of this request that a later change withdrew, and that change. */
      withdrawn: { approval: AuditEntry; change: AuditEntry } | null
    }
  | {
      kind: 'approved'
      approval: AuditEntry
      request: AuditEntry
      outcome: CaseOutcome | null
      /** The approval counts for this desk's member: they may close now. */
      mayClose: boolean
      /** The rule's sentence on this member closing. */
      why: string
    }
  | { kind: 'sent-back'; sending: AuditEntry; reason: string | null }

const sentBackReason = (entry: AuditEntry): string | null =>
  reviewSendBackSchema.safeParse(entry.after).data?.reason ?? null

/**
 * Where the case's close request stands for this desk's member, from the row the main side judged
 * and the trail: null when no request is worth showing (none, closed, reopened, asked again).
 * Whether an approval was withdrawn is read from the trail: the request waits again although an
 * approval came after it, and a change came after that approval.
 */
export function reviewStanding(
  row: FourEyesRow | null,
  trail: readonly AuditEntry[],
  state: CaseState,
): ReviewStanding | null {
  const verdict = row?.closeVerdict
  if (!row || !verdict || state === 'closed') return null
  const me = verdict.closer
  const latest = latestRequest(trail)
  const approvalAt = latest?.after.findLastIndex(
    (entry) => entry.action === fourEyesActions.approved,
  )
  const approval = approvalAt !== undefined && approvalAt >= 0 ? latest?.after[approvalAt] : null
  const awaited = row.awaitedReview
  if (awaited) {
    const change = approval
      ? latest?.after.slice((approvalAt ?? 0) + 1).find(changesTheCase)
      : undefined
    return {
      kind: 'waiting',
      request: awaited.request,
      approvers: awaited.approvers,
      mine: awaited.request.member === me,
      mayAnswer: awaited.approvers.includes(me),
      withdrawn: approval && change ? { approval, change } : null,
    }
  }
  if (!latest) return null
  const answered = latest.after.findLast(
    (entry) =>
      entry.action === fourEyesActions.sentBack ||
      entry.action === 'closed' ||
      entry.action === 'reopened',
  )
  if (answered?.action === fourEyesActions.sentBack) {
    return { kind: 'sent-back', sending: answered, reason: sentBackReason(answered) }
  }
  if (answered || !approval) return null
  return {
    kind: 'approved',
    approval,
    request: latest.request,
    outcome: latest.asked?.outcome ?? null,
    mayClose: verdict.may && verdict.approvedBy !== null,
    why: verdict.why,
  }
}
