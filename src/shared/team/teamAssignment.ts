import { z } from 'zod'
import { fourEyesActions } from '../cases/fourEyesActions'
import type { Actor } from '../identity/investigator'
import { sawTeamEntry } from './teamChains'
import { idOfTeamEntry, memberNameSchema, type TeamEntry } from './teamEntry'

/** An `assigned` entry's `after` (and `before`): the member the case is assigned to, or nobody. */
export const caseAssignmentSchema = z.object({ member: memberNameSchema.nullable() })
export type CaseAssignmentChange = z.infer<typeof caseAssignmentSchema>

/** One assignment that stands: who assigned the case to whom, in which entry. */
export interface AssignmentSide {
  entryId: string
  member: string
  author: Actor
  at: string
  /** The member it assigns the case to, or null when it leaves the case unassigned. */
  assignee: string | null
}

export interface CaseAssignment {
  /**
   * Who the case is assigned to: the assignment later in the one order when two stand, as the
   * decisions keep theirs; `contested` says that is not settled.
   */
  assignee: string | null
  /** The assignments no later one answered; more than one when made without knowing of each other. */
  sides: AssignmentSide[]
  /** Whether the standing assignments name different members: shown until someone reassigns. */
  contested: boolean
}

/**
 * The case's assignee from its applied entries in the scope's one order. A reassignment answers
 * the assignments its author had seen; two made without knowing of each other both stand, and a
 * case assigned to two people says so rather than picking whichever came last.
 */
export function replayAssignment(ordered: readonly TeamEntry[]): CaseAssignment {
  let standing: Array<{ entry: TeamEntry; side: AssignmentSide }> = []
  for (const entry of ordered) {
    if (entry.action !== fourEyesActions.assigned) continue
    const assigned = caseAssignmentSchema.safeParse(entry.after)
    if (!assigned.success) continue
    const side: AssignmentSide = {
      entryId: idOfTeamEntry(entry),
      member: entry.member,
      author: entry.author,
      at: entry.at,
      assignee: assigned.data.member,
    }
    standing = [
      ...standing.filter((earlier) => !sawTeamEntry(entry, earlier.entry)),
      { entry, side },
    ]
  }
  const sides = standing.map(({ side }) => side)
  const assignee = sides.at(-1)?.assignee ?? null
  return { assignee, sides, contested: sides.some((side) => side.assignee !== assignee) }
}
