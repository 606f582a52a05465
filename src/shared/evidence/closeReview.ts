import { closingOutcomeIn, signedBy, type Signed } from '../team/fourEyesEntries'
import {
  closeVerdict,
  fourEyesBreaches,
  oneDeskSentence,
  type FourEyesBreach,
} from '../team/fourEyes'
import { sawTeamEntry } from '../team/teamChains'
import { idOfTeamEntry, type TeamEntry } from '../team/teamEntry'
import type { TeamRoster } from '../team/teamRoster'
import type { TeamCaseReplay } from '../team/teamCaseReplay'
import { utc } from './reportText'

/**
 * How the close a case stands closed by was reviewed, as a bundle says it: the report shows it
 * where the outcome is, and `npm run verify-bundle` prints it. Judged by the four-eyes rule
 * (src/shared/team/fourEyes.ts) on the entries the closer's desk held, as the app judged it.
 */
export type CloseReview =
  /** A second member holding the reviewer role approved the close. */
  | { kind: 'approved'; approval: Signed; closedBy: Signed }
  /** The rule did not ask for a second review (no true match, never escalated). */
  | { kind: 'not-needed'; why: string; closedBy: Signed }
  /** The close broke the rule: the verifier fails the bundle, the report still says what it lacks. */
  | { kind: 'breached'; why: string; closedBy: Signed }
  /** A case of a desk with no team: nobody else could have reviewed it. */
  | { kind: 'one-desk' }

export const oneDeskReview: CloseReview = { kind: 'one-desk' }

/** The `closed` entry the case stands closed by, or null when the replay does not end closed. */
export function standingClose(replay: Pick<TeamCaseReplay, 'state' | 'entries'>): TeamEntry | null {
  if (replay.state !== 'closed') return null
  return replay.entries.findLast((entry) => entry.action === 'closed') ?? null
}

/** How the standing close of a shared case was reviewed, or null when the case is not closed. */
export function closeReviewOfTeam(
  replay: Pick<TeamCaseReplay, 'state' | 'entries'>,
  roster: TeamRoster,
): CloseReview | null {
  const close = standingClose(replay)
  if (!close) return null
  const past = replay.entries.filter((entry) => sawTeamEntry(close, entry))
  const verdict = closeVerdict(past, roster, {
    member: close.member,
    outcome: closingOutcomeIn(close),
  })
  const closedBy = signedBy(close)
  if (!verdict.may) return { kind: 'breached', why: verdict.why, closedBy }
  if (!verdict.approvedBy) return { kind: 'not-needed', why: verdict.why, closedBy }
  return { kind: 'approved', approval: signedOf(verdict.approvedBy), closedBy }
}

/**
 * The breach of the rule by the close the case stands closed by, if any. Only that close is held
 * to the rule: a close later reopened no longer concludes the case, and a case closed before it
 * was shared (when no second member could review it) is put right by reopening it and closing it
 * again with an approval, which a bundle must then be able to show.
 */
export function standingCloseBreach(
  replay: Pick<TeamCaseReplay, 'state' | 'entries'>,
  roster: TeamRoster,
): FourEyesBreach | null {
  const close = standingClose(replay)
  if (!close) return null
  const id = idOfTeamEntry(close)
  return fourEyesBreaches(replay.entries, roster).find((breach) => breach.entryId === id) ?? null
}

const signedOf = ({ entryId, member, author, at }: Signed): Signed => ({
  entryId,
  member,
  author,
  at,
})

/** Someone as the four-eyes rule names them: "Ben Example (ben)". */
export const signedName = ({ author, member }: Pick<Signed, 'author' | 'member'>): string =>
  `${author.name} (${member})`

/** The review in one sentence, plain text: the CLI prints it; the report escapes it. */
export function closeReviewSentence(review: CloseReview): string {
  switch (review.kind) {
    case 'approved':
      return `Approved by ${signedName(review.approval)}, a second reviewer, at ${utc(review.approval.at)}; closed by ${signedName(review.closedBy)}.`
    case 'not-needed':
      return review.why
    case 'breached':
      return `Closed by ${signedName(review.closedBy)} without the second review the four-eyes rule asks for. ${review.why}`
    case 'one-desk':
      return oneDeskSentence
  }
}
