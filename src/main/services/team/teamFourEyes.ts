import type { ReviewQueue, SharedCase } from '../../../shared/bridge/teamContract'
import { caseOutcomeLabels } from '../../../shared/cases/caseLabels'
import type { CaseOutcome } from '../../../shared/cases/caseSchemas'
import { fourEyesActions } from '../../../shared/cases/fourEyesActions'
import {
  awaitedReview,
  closeVerdict,
  type AwaitedReview,
  type FourEyesCloser,
} from '../../../shared/team/fourEyes'
import { closingOutcomeIn, requestIn, type Signed } from '../../../shared/team/fourEyesEntries'
import { replayAssignment } from '../../../shared/team/teamAssignment'
import { replayTeamCase } from '../../../shared/team/teamCaseReplay'
import { sawTeamEntry } from '../../../shared/team/teamChains'
import { idOfTeamEntry, type TeamEntry } from '../../../shared/team/teamEntry'
import { holdsRole, membersHolding, rolesAt } from '../../../shared/team/teamRoles'
import type { TeamRoster } from '../../../shared/team/teamRoster'
import { notJoined, refused } from './teamRefusal'
import type { TeamService } from './teamService'

/** What a shared case says of its four-eyes review, for this desk's member (see readCase). */
export type FourEyesStanding = Pick<
  SharedCase,
  'assignment' | 'awaitedReview' | 'closeVerdict' | 'memberRoles'
>

export interface TeamFourEyes {
  assign: (input: { caseId: string; member: string | null }) => Promise<{ entryId: string }>
  requestReview: (input: {
    caseId: string
    outcome: CaseOutcome
    reason: string
  }) => Promise<{ entryId: string }>
  approve: (input: { caseId: string; request: string }) => Promise<{ entryId: string }>
  sendBack: (input: {
    caseId: string
    request: string
    reason: string
  }) => Promise<{ entryId: string }>
  /**
   * For `team.write`: refuses a `closed` entry the rule does not allow, judged on the entries it
   * saw, as every desk and the verifier will judge it.
   */
  vetClose: (caseId: string) => (close: TeamEntry) => Promise<void>
  /** `fourEyesStanding` for this desk's member. */
  standing: (applied: readonly TeamEntry[], roster: TeamRoster) => FourEyesStanding
  reviewQueue: () => Promise<ReviewQueue>
}

const signedView = ({ entryId, member, author, at }: Signed) => ({ entryId, member, author, at })

const nameOf = (roster: TeamRoster, member: string): string =>
  `${roster.members.get(member)?.name ?? member} (${member})`

/** The outcome of the case's latest close request: what its close would most likely be. */
const latestRequestedOutcome = (ordered: readonly TeamEntry[]): CaseOutcome | null =>
  ordered.reduce<CaseOutcome | null>((outcome, entry) => requestIn(entry)?.outcome ?? outcome, null)

/**
 * Who the case is assigned to, the review it waits on, and whether `me` may close it now: what
 * the page shows beside a shared case. `applied` is in the scope's one order.
 */
export function fourEyesStanding(
  applied: readonly TeamEntry[],
  roster: TeamRoster,
  me: string,
): FourEyesStanding {
  const assignment = replayAssignment(applied)
  const awaited = awaitedReview(applied, roster)
  const outcome = latestRequestedOutcome(applied)
  const verdict = closeVerdict(applied, roster, { member: me, outcome })
  return {
    assignment: {
      assignee: assignment.assignee,
      contested: assignment.contested,
      sides: assignment.sides.map((side) => ({ ...signedView(side), assignee: side.assignee })),
    },
    awaitedReview: awaited
      ? {
          request: {
            ...signedView(awaited.request),
            outcome: awaited.request.outcome,
            reason: awaited.request.reason,
            reviewers: awaited.request.reviewers,
          },
          approvers: awaited.approvers,
        }
      : null,
    closeVerdict: verdict.may
      ? {
          closer: me,
          outcome,
          may: true,
          why: verdict.why,
          approvedBy: verdict.approvedBy
            ? { ...signedView(verdict.approvedBy), request: verdict.approvedBy.request.entryId }
            : null,
          needs: null,
        }
      : {
          closer: me,
          outcome,
          may: false,
          why: verdict.why,
          approvedBy: null,
          needs: {
            trueMatches: verdict.needs.cause.trueMatches,
            escalated: verdict.needs.cause.escalated,
            request: verdict.needs.request?.entryId ?? null,
            approvers: verdict.needs.approvers,
          },
        },
    memberRoles: [...roster.members.keys()]
      .filter((member) => !roster.removed.has(member))
      .sort()
      .map((member) => ({ member, roles: rolesAt(roster, member) })),
  }
}

/**
 * The close request `request` names, as the review the case waits on; else why it cannot be
 * answered, in a sentence. `seen` is what the answering entry saw.
 */
function awaitedOrRefuse(
  seen: readonly TeamEntry[],
  roster: TeamRoster,
  request: string,
): AwaitedReview {
  const awaited = awaitedReview(seen, roster)
  if (awaited?.request.entryId === request) return awaited
  const asked = seen.map(requestIn).find((found) => found?.entryId === request)
  if (!asked) {
    throw refused(
      'This desk holds no such close request in this case: read the case again and answer the request it shows.',
    )
  }
  const verdict = closeVerdict(seen, roster, { member: asked.member, outcome: asked.outcome })
  if (verdict.may && verdict.approvedBy?.request.entryId === request) {
    throw refused(
      `${verdict.approvedBy.author.name} (${verdict.approvedBy.member}) has already approved this close request: ${nameOf(roster, asked.member)} may close the case.`,
    )
  }
  throw refused(
    'This close request no longer waits for a review: since it was made, it was sent back, asked again, or the case was closed or reopened. Read the case again.',
  )
}

const none = { count: 0, caseIds: [] }

/** Shared cases of one desk as the review queue counts them, kept while nothing changes. */
interface QueueRow {
  documents: number
  closed: boolean
  approvers: string[]
  assignees: Array<string | null>
}

/**
 * Four-eyes review of shared cases on the main side: assignments, close requests, approvals and
 * sendings back, each a signed entry of the case; and the one place a close is allowed or
 * refused. Every answer is checked against the entries the new entry saw, inside the scope's
 * write, so a change arriving meanwhile cannot slip past it.
 */
export function createTeamFourEyes(team: TeamService): TeamFourEyes {
  /** The entries of a shared case that count here, and the roster, refusing a case not shared. */
  const sharedCase = async (caseId: string) => {
    const trust = await team.scope(caseId)
    if (trust.applied.length === 0) {
      throw refused(
        'This case is not shared with the team on this desk: share it first, or wait until its entries arrive.',
      )
    }
    return trust
  }

  /** What the desk holds of the case that `entry` saw, and the roster as it stands. */
  const seenBy = async (caseId: string, entry: TeamEntry) => {
    const { applied, roster } = await team.scope(caseId)
    return { seen: applied.filter((held) => sawTeamEntry(entry, held)), roster }
  }

  const written = (entry: TeamEntry) => ({ entryId: idOfTeamEntry(entry) })

  const me = (): string => {
    const member = team.member()
    if (member === null) throw notJoined()
    return member
  }

  let queueRows = new Map<string, QueueRow>()
  let queueRoster = ''

  return {
    assign: async ({ caseId, member }) => {
      const { applied, roster } = await sharedCase(caseId)
      if (member !== null && (!roster.members.has(member) || roster.removed.has(member))) {
        throw refused(
          `“${member}” is not a member of the team${roster.removed.has(member) ? ' any more' : ''}: a case is assigned only to a member in the roster.`,
        )
      }
      const { assignee } = replayAssignment(applied)
      const entry = await team.write(caseId, {
        action: fourEyesActions.assigned,
        summary: member ? `Assigned to ${nameOf(roster, member)}` : 'Unassigned',
        before: { member: assignee },
        after: { member },
      })
      return written(entry)
    },
    requestReview: async ({ caseId, outcome, reason }) => {
      const { applied, roster } = await sharedCase(caseId)
      const requester = me()
      if (replayTeamCase(applied).state === 'closed') {
        throw refused('This case is closed: reopen it before asking for a review.')
      }
      const verdict = closeVerdict(applied, roster, { member: requester, outcome })
      if (verdict.may) throw refused(`${verdict.why} You may close the case yourself.`)
      const reviewers = membersHolding(roster, 'reviewer').filter((member) => member !== requester)
      if (reviewers.length === 0) {
        throw refused(
          'Nobody else in the team holds the reviewer role, so nobody could approve this close: a team admin must give someone the reviewer role first.',
        )
      }
      const entry = await team.write(caseId, {
        action: fourEyesActions.reviewRequested,
        summary: `Asked for a second review to close as “${caseOutcomeLabels[outcome]}”`,
        before: null,
        after: { outcome, reason, reviewers },
      })
      return written(entry)
    },
    approve: async ({ caseId, request }) => {
      await sharedCase(caseId)
      const entry = await team.write(
        caseId,
        {
          action: fourEyesActions.approved,
          summary: 'Close approved',
          before: null,
          after: { request },
        },
        {
          // The rule itself says whether this approval would count: judged as if it were the only
          // one, so an earlier approval's problem does not stand in for this one's.
          vet: async (approval) => {
            const { seen, roster } = await seenBy(caseId, approval)
            const asked = awaitedOrRefuse(seen, roster, request).request
            const closer: FourEyesCloser = { member: asked.member, outcome: asked.outcome }
            const others = seen.filter((held) => held.action !== fourEyesActions.approved)
            const verdict = closeVerdict([...others, approval], roster, closer)
            if (!verdict.may) throw refused(verdict.why)
            if (verdict.approvedBy?.entryId !== idOfTeamEntry(approval)) {
              throw refused(
                `${verdict.why} ${nameOf(roster, asked.member)} may close the case without an approval.`,
              )
            }
          },
        },
      )
      return written(entry)
    },
    sendBack: async ({ caseId, request, reason }) => {
      await sharedCase(caseId)
      const sender = me()
      const entry = await team.write(
        caseId,
        {
          action: fourEyesActions.sentBack,
          summary: 'Close request sent back',
          before: null,
          after: { request, reason },
        },
        {
          vet: async (sending) => {
            const { seen, roster } = await seenBy(caseId, sending)
            const asked = awaitedOrRefuse(seen, roster, request).request
            if (asked.member === sender) {
              throw refused(
                'You cannot send back your own close request: a reviewer answers it. To close otherwise, ask again with the other outcome.',
              )
            }
            if (!holdsRole(roster, sender, 'reviewer')) {
              throw refused(
                'Only a member holding the reviewer role can send back a close request: a team admin can give you the role.',
              )
            }
          },
        },
      )
      return written(entry)
    },
    standing: (applied, roster) => fourEyesStanding(applied, roster, me()),
    vetClose: (caseId) => async (close) => {
      const { seen, roster } = await seenBy(caseId, close)
      // Closing would settle by default what colleagues still disagree on: they settle it first.
      const unsettled = replayTeamCase(seen).disagreements.length
      if (unsettled > 0) {
        throw refused(
          `${unsettled === 1 ? 'A disagreement between members stands' : `${unsettled} disagreements between members stand`} on this case: decide again, knowing both sides, before closing it.`,
        )
      }
      const verdict = closeVerdict(seen, roster, {
        member: close.member,
        outcome: closingOutcomeIn(close),
      })
      if (!verdict.may) throw refused(verdict.why)
    },
    reviewQueue: async () => {
      const member = team.member()
      // Asked every few seconds whether or not this desk is in a team: none is no error.
      if (member === null) return { waitingForMyReview: none, assignedToMe: none, unassigned: none }
      const counts = await team.caseScopes()
      const { applied } = await team.roster()
      // A case is read again only when it holds other documents, or the roster or member changed.
      const rosterKey = [member, ...applied.map(idOfTeamEntry)].join()
      const kept = rosterKey === queueRoster ? queueRows : new Map<string, QueueRow>()
      const rows = new Map<string, QueueRow>()
      for (const [caseId, documents] of counts) {
        const known = kept.get(caseId)
        if (known?.documents === documents) {
          rows.set(caseId, known)
          continue
        }
        const trust = await team.scope(caseId)
        rows.set(caseId, {
          documents,
          closed: replayTeamCase(trust.applied).state === 'closed',
          approvers: awaitedReview(trust.applied, trust.roster)?.approvers ?? [],
          assignees: replayAssignment(trust.applied).sides.map((side) => side.assignee),
        })
      }
      queueRows = rows
      queueRoster = rosterKey
      const listed = (keep: (row: QueueRow) => boolean) => {
        const caseIds = [...rows].flatMap(([caseId, row]) => (keep(row) ? [caseId] : [])).sort()
        return { count: caseIds.length, caseIds }
      }
      return {
        waitingForMyReview: listed((row) => row.approvers.includes(member)),
        // Two assignments made at once both stand: each assignee finds the case theirs.
        assignedToMe: listed((row) => !row.closed && row.assignees.includes(member)),
        unassigned: listed((row) => !row.closed && row.assignees.every((side) => side === null)),
      }
    },
  }
}
