import { caseOutcomeLabels } from '../cases/caseLabels'
import type { AuditEntry } from '../cases/caseSchemas'
import { fourEyesActions } from '../cases/fourEyesActions'
import {
  reviewApprovalSchema,
  reviewRequestSchema,
  reviewSendBackSchema,
} from '../team/fourEyesEntries'
import { caseAssignmentSchema } from '../team/teamAssignment'
import { noun, type Noun } from '../text/counting'
import type { TeamAuthor } from './bundleFormat'
import { closeReviewSentence, oneDeskReview, type CloseReview } from './closeReview'
import { escapeHtml } from './htmlText'
import type { Rendering } from './reportHtml'

/**
 * What the report (layout 4 on) says of four-eyes review: how the close was reviewed, the review
 * entries of the trail in words, and whose word the team's admins are. Every text is plain here
 * and escaped where it goes into the page.
 */

/** A shared case's team, as the report reads its trail. */
export interface ReportTeam {
  authors: readonly TeamAuthor[]
  /** The team admins the bundle states (manifest.json), by whom its roster was judged. */
  admins?: readonly string[]
  /** The team entry each trail entry is, in the trail's order: what review entries refer to. */
  entryIds?: readonly string[]
}

/**
 * How the close was reviewed, when the layout says it and the case is closed: a case of no team
 * was closed on a one-person desk, where nobody else could review it.
 */
export const reviewOfClose = ({
  layout,
  caseRecord,
  team,
  closeReview,
}: Rendering): CloseReview | null =>
  layout.fourEyes && caseRecord.closure ? (team ? (closeReview ?? null) : oneDeskReview) : null

/** The summary's and the closure's row on the review of the close. */
export const closeReviewRow = (review: CloseReview): [string, string] => [
  'Second review',
  review.kind === 'approved'
    ? `<strong>${escapeHtml(closeReviewSentence(review))}</strong>`
    : escapeHtml(closeReviewSentence(review)),
]

/** Each four-eyes entry as a count of what it did ("2 approvals"), beside the trail's other kinds. */
export const fourEyesEntryKinds: Record<string, Noun> = {
  [fourEyesActions.assigned]: noun('assignment'),
  [fourEyesActions.reviewRequested]: noun('review requested', 'reviews requested'),
  [fourEyesActions.approved]: noun('approval'),
  [fourEyesActions.sentBack]: noun('close request sent back', 'close requests sent back'),
}

/** The team admins the roster was judged by, and whose word that list is. */
export function adminsNote(team: ReportTeam): string {
  const admins = team.admins ?? []
  const named = admins.length > 0 ? admins.map(escapeHtml).join(', ') : 'none'
  return `<p class="meta">Team admins, as the team server's configuration names them: ${named}. Who held which role, and who was removed, is judged by their signed entries in team/roster.json; the list of admins itself is the exporter's word, signed with the bundle, to be held against the team server's configuration.</p>
`
}

/** "Ben Example (ben)", the member found by the key that signed their entries. */
function memberName(team: ReportTeam, entry: AuditEntry | undefined): string {
  if (!entry?.actor) return 'a member'
  const fingerprint = entry.actor.fingerprint
  const member = team.authors.find(({ author }) => author.fingerprint === fingerprint)?.member
  return member ? `${entry.actor.name} (${member})` : entry.actor.name
}

/** A member by name when they wrote in the case, else by their member name alone. */
function memberByName(team: ReportTeam, member: string): string {
  const author = team.authors.find((candidate) => candidate.member === member)?.author
  return author ? `${author.name} (${member})` : member
}

/** "the close requested by Ana Example (ana) as “Risk confirmed”", as far as the trail holds it. */
function requestWords(team: ReportTeam, trail: readonly AuditEntry[], requestId: string): string {
  const at = team.entryIds?.indexOf(requestId) ?? -1
  const request = trail[at]
  const asked = reviewRequestSchema.safeParse(request?.after).data
  if (!request || !asked) return 'a close request the trail does not hold'
  return `the close requested by ${memberName(team, request)} as “${caseOutcomeLabels[asked.outcome]}”`
}

type Words = (entry: AuditEntry, team: ReportTeam, trail: readonly AuditEntry[]) => string | null

const words: Record<string, Words> = {
  [fourEyesActions.assigned]: (entry, team) => {
    const assigned = caseAssignmentSchema.safeParse(entry.after).data
    if (!assigned) return null
    return assigned.member ? `Assigned to ${memberByName(team, assigned.member)}` : 'Unassigned'
  },
  [fourEyesActions.reviewRequested]: (entry) => {
    const request = reviewRequestSchema.safeParse(entry.after).data
    if (!request) return null
    return `Asked for a second review to close as “${caseOutcomeLabels[request.outcome]}”: ${request.reason}`
  },
  [fourEyesActions.approved]: (entry, team, trail) => {
    const approval = reviewApprovalSchema.safeParse(entry.after).data
    return approval ? `Approved ${requestWords(team, trail, approval.request)}` : null
  },
  [fourEyesActions.sentBack]: (entry, team, trail) => {
    const sending = reviewSendBackSchema.safeParse(entry.after).data
    if (!sending) return null
    return `Sent back ${requestWords(team, trail, sending.request)}: ${sending.reason}`
  },
}

/**
 * What a trail entry did, as the audit trail's table says it: a four-eyes entry of a shared case
 * in words read from what it holds, every other entry by its own summary.
 */
export function trailEntryWhat(
  entry: AuditEntry,
  team: ReportTeam | undefined,
  trail: readonly AuditEntry[],
): string {
  if (!team || !Object.hasOwn(words, entry.action)) return escapeHtml(entry.summary)
  return escapeHtml(words[entry.action]?.(entry, team, trail) ?? entry.summary)
}
