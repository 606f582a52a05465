import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import type { TeamCaseRow } from '../database/appDatabase'

/**
 * The team's queues of shared cases, as the case list filters by them. They mean what the main
 * side's `team.reviewQueue` means, judged here from what the desk last applied, so they work
 * offline: closed cases are in none, and a case that is not shared is in none.
 */
export const caseQueues = ['assigned-to-me', 'waiting-for-my-review', 'unassigned'] as const
export type CaseQueue = (typeof caseQueues)[number]

export const caseQueueLabels: Record<CaseQueue, string> = {
  'assigned-to-me': 'Assigned to me',
  'waiting-for-my-review': 'Waiting for my review',
  unassigned: 'Unassigned',
}

/** What the case list shows and filters by of a shared case's assignment and awaited review. */
export interface SharedCaseStanding {
  /**
   * Whom the assignments that stand name (null: to nobody). Two made without knowing of each
   * other both stand, and each assignee finds the case theirs; none at all is unassigned.
   */
  assignees: Array<string | null>
  /** The assignee the case shows: the later of two that stand; null when unassigned. */
  assignee: string | null
  /** Who may approve the close request the case waits on; empty when none waits. */
  approvers: string[]
}

/** A row applied before four eyes existed says nothing of them: unassigned, no review waiting. */
export const sharedStandingOf = (row: TeamCaseRow): SharedCaseStanding => ({
  assignees: row.assignment?.sides.map((side) => side.assignee) ?? [],
  assignee: row.assignment?.assignee ?? null,
  approvers: row.awaitedReview?.approvers ?? [],
})

const queueTests: Record<CaseQueue, (standing: SharedCaseStanding, me: string) => boolean> = {
  'assigned-to-me': (standing, me) => standing.assignees.includes(me),
  'waiting-for-my-review': (standing, me) => standing.approvers.includes(me),
  unassigned: (standing) => standing.assignees.every((assignee) => assignee === null),
}

/** Whether a case is in `queue` for the member `me`. */
export const inCaseQueue = (
  queue: CaseQueue,
  caseRecord: Pick<CaseRecord, 'state'>,
  standing: SharedCaseStanding | null,
  me: string,
): boolean => standing !== null && caseRecord.state !== 'closed' && queueTests[queue](standing, me)
