import { z } from 'zod'
import { caseOutcomeSchema, reasonSchema, type CaseOutcome } from '../cases/caseSchemas'
import { fourEyesActions } from '../cases/fourEyesActions'
import type { Actor } from '../identity/investigator'
import { idOfTeamEntry, memberNameSchema, type TeamEntry } from './teamEntry'

/** A `review-requested` entry's `after`: the close asked for, and whom the requester asked. */
export const reviewRequestSchema = z.object({
  outcome: caseOutcomeSchema,
  reason: reasonSchema,
  /** The reviewers asked (who are told); any member the rule allows may approve. */
  reviewers: z.array(memberNameSchema),
})
export type ReviewRequestChange = z.infer<typeof reviewRequestSchema>

/** An `approved` entry's `after`: the request it approves, by entry id. */
export const reviewApprovalSchema = z.object({ request: z.string().min(1) })
export type ReviewApprovalChange = z.infer<typeof reviewApprovalSchema>

/** A `sent-back` entry's `after`: the request it refuses, and why. */
export const reviewSendBackSchema = z.object({ request: z.string().min(1), reason: reasonSchema })
export type ReviewSendBackChange = z.infer<typeof reviewSendBackSchema>

/** What a `closed` entry closes with, as far as the rule reads it. */
const closingSchema = z.object({ closure: z.object({ outcome: caseOutcomeSchema }) })
const movedSchema = z.object({ state: z.string() })

/** Who wrote an entry, where and when: what the rule names people by. */
export interface Signed {
  entryId: string
  member: string
  author: Actor
  at: string
}

export const signedBy = (entry: TeamEntry): Signed => ({
  entryId: idOfTeamEntry(entry),
  member: entry.member,
  author: entry.author,
  at: entry.at,
})

export interface ReviewRequest extends Signed, ReviewRequestChange {}

export interface ReviewApproval extends Signed {
  request: ReviewRequest
}

export interface ReviewSendBack extends Signed {
  request: string
  reason: string
}

export const requestIn = (entry: TeamEntry): ReviewRequest | null => {
  if (entry.action !== fourEyesActions.reviewRequested) return null
  const request = reviewRequestSchema.safeParse(entry.after)
  return request.success ? { ...signedBy(entry), ...request.data } : null
}

export const sendBackIn = (entry: TeamEntry): ReviewSendBack | null => {
  if (entry.action !== fourEyesActions.sentBack) return null
  const sent = reviewSendBackSchema.safeParse(entry.after)
  return sent.success ? { ...signedBy(entry), ...sent.data } : null
}

/** The id of the request an `approved` entry names, or null when it is not one. */
export const approvedRequestIn = (entry: TeamEntry): string | null =>
  entry.action === fourEyesActions.approved
    ? (reviewApprovalSchema.safeParse(entry.after).data?.request ?? null)
    : null

/** The outcome a `closed` entry closes with, or null when it does not say. */
export const closingOutcomeIn = (entry: TeamEntry): CaseOutcome | null =>
  entry.action === 'closed'
    ? (closingSchema.safeParse(entry.after).data?.closure.outcome ?? null)
    : null

export const escalates = (entry: TeamEntry): boolean =>
  entry.action === 'state-changed' && movedSchema.safeParse(entry.after).data?.state === 'escalated'

/**
 * Entries that leave what a reviewer saw as it was: another approval, who works on the case, a
 * record that it was exported. Every other entry (a decision, a note, a link, a move, a new request
 * or a sending back) changes the case, and an approval made before it no longer stands.
 */
const unchangingActions: ReadonlySet<string> = new Set([
  fourEyesActions.approved,
  fourEyesActions.assigned,
  'exported',
])

/** Of a team entry, or of an audit entry of the trail it becomes: the action is what counts. */
export const changesTheCase = (entry: Pick<TeamEntry, 'action'>): boolean =>
  !unchangingActions.has(entry.action)
