import { canonicalJson } from '../cases/canonicalJson'
import type { AuditEntry } from '../cases/caseSchemas'
import { groupedFingerprint, type Signer } from '../identity/investigator'
import { replayTeamCase, type TeamCaseReplay } from '../team/teamCaseReplay'
import { trailOfTeamEntries } from '../team/teamCaseTrail'
import { replayTeamRoster, type TeamRoster } from '../team/teamRoster'
import type { SetAsideEntry, SetAsideKind } from '../team/teamSetAside'
import { trustTeamEntries } from '../team/teamTrust'
import type { FourEyesBreach } from '../team/fourEyes'
import { bundlePaths, type TeamAuthor } from './bundleFormat'
import { closeReviewOfTeam, standingCloseBreach, type CloseReview } from './closeReview'
import { differingFields } from './trailAgreement'

/**
 * The evidence of a shared case: its entries as their authors signed them and the roster entries
 * that publish the authors' keys. The exporter refuses to sign evidence that does not hold and the
 * verifier fails a bundle whose evidence does not, with the same words: each problem is a phrase
 * that follows its file's name.
 */
export interface TeamEvidenceCheck {
  problems: Array<{ path: string; detail: string }>
  /** The case the entries that hold replay to. */
  replay: TeamCaseReplay
  /** Those entries as the case's trail: what audit-trail.json must be. */
  trail: AuditEntry[]
  /** Who each key published in the bundle's roster speaks for. */
  keyOwners: ReadonlyMap<string, string>
  /** The roster the bundle's roster entries replay to, judged by the admins given. */
  roster: TeamRoster
  /** The four-eyes rule broken by the close the case stands closed by, or null. */
  breach: FourEyesBreach | null
  /** How that close was reviewed; null when the case is not closed. */
  closeReview: CloseReview | null
}

/**
 * Roster entries set aside by the roster's rules (a setting of roles or a removal not by a team
 * admin) simply count for nothing, which shows where they were needed: at a case entry whose key
 * is not given, or at a close whose approver did not hold the reviewer role.
 */
const rosterDamage: ReadonlySet<SetAsideKind> = new Set([
  'damaged',
  'waiting',
  'fork',
  'out-of-step',
])

const inBundle = ({ kind, id, problem }: SetAsideEntry): string =>
  kind === 'waiting'
    ? `${id} follows an entry of its desk the bundle does not hold: its chain has a gap`
    : problem

/**
 * Checks each entry on its own (shape, id, hash, key, signature), each chain of a member's desk
 * from its first entry without a gap or a fork, and each entry's key against the roster entries
 * given: published by the entry's own member, with that very key, and not after the member was
 * removed. The roster entries are held to the same checks, their roles and removals judged by
 * `admins`, the team admins the server's configuration names. The four-eyes rule is then judged on
 * the entries that hold (`breach`), not among the problems: the exporter says it in other words.
 */
export function checkTeamEvidence(
  caseId: string,
  entries: readonly unknown[],
  roster: readonly unknown[],
  admins: readonly string[],
): TeamEvidenceCheck {
  const problems: TeamEvidenceCheck['problems'] = []
  const rosterReplay = replayTeamRoster(roster, admins)
  for (const aside of rosterReplay.setAside) {
    if (rosterDamage.has(aside.kind)) {
      problems.push({ path: bundlePaths.teamRoster, detail: inBundle(aside) })
    }
  }
  const trust = trustTeamEntries(caseId, entries, rosterReplay.roster)
  for (const aside of trust.setAside) {
    problems.push({ path: bundlePaths.teamEntries, detail: inBundle(aside) })
  }
  const replay = replayTeamCase(trust.applied)
  return {
    problems,
    replay,
    trail: trailOfTeamEntries(caseId, replay.entries),
    keyOwners: rosterReplay.roster.keyOwners,
    roster: rosterReplay.roster,
    breach: standingCloseBreach(replay, rosterReplay.roster),
    closeReview: closeReviewOfTeam(replay, rosterReplay.roster),
  }
}

/** A broken four-eyes rule as the verifier names it: the closing entry, then what it lacked. */
export const breachDetail = ({ problem, why }: FourEyesBreach): string => `${problem}. ${why}`

const named = (entry: AuditEntry): string => `entry ${entry.seq} (${entry.action})`

/**
 * How a trail differs from the one the team's entries give, naming the team entry concerned: its
 * actors must be the entries' authors, its changes theirs. Only the first difference is told,
 * since every entry after it chains to it.
 */
export function trailAgainstTeam(
  trail: readonly AuditEntry[],
  { trail: expected, replay }: Pick<TeamEvidenceCheck, 'trail' | 'replay'>,
): string[] {
  for (const [index, entry] of expected.entries()) {
    const found = trail[index]
    const id = replay.entryIds[index] ?? ''
    if (!found) {
      return [
        `ends at entry ${trail.length}, ${bundlePaths.teamEntries} goes on with ${expected.length - trail.length} more, from ${id}`,
      ]
    }
    if (found.actor?.fingerprint !== entry.actor?.fingerprint) {
      const author = replay.entries[index]
      return [
        `${named(found)} names ${found.actor ? `key ${groupedFingerprint(found.actor.fingerprint)}` : 'no key'} as actor, its team entry ${id} is signed by ${author?.member ?? 'its author'}'s key ${groupedFingerprint(entry.actor?.fingerprint ?? '')}`,
      ]
    }
    if (found.hash !== entry.hash) {
      const fields = differingFields(found, entry).filter(
        (field) => field !== 'hash' && field !== 'prevHash',
      )
      return [
        `${named(found)} is not what its team entry ${id} says${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`,
      ]
    }
  }
  return trail.length > expected.length
    ? [
        `holds ${trail.length - expected.length} more ${trail.length - expected.length === 1 ? 'entry' : 'entries'} than ${bundlePaths.teamEntries}, from ${named(trail[expected.length]!)}, which no team entry says`,
      ]
    : []
}

/** How the authors a manifest names differ from those who signed the entries, or null. */
export function authorsAgainstTeam(
  listed: readonly TeamAuthor[] | undefined,
  replay: TeamCaseReplay,
): string | null {
  if (canonicalJson(listed ?? []) === canonicalJson(replay.authors)) return null
  const who = (authors: readonly TeamAuthor[]) =>
    authors.map(({ member, entries }) => `${member} (${entries})`).join(', ') || 'nobody'
  return `names the authors ${who(listed ?? [])}, ${bundlePaths.teamEntries} is signed by ${who(replay.authors)}`
}

/**
 * Whether the one who signs the bundle is in the team: a bundle of a shared case is vouched for by
 * a member whose key the roster it carries publishes, not by whoever holds a key.
 */
export function signerAgainstTeam(
  signer: Pick<Signer, 'publicKey' | 'fingerprint'>,
  keyOwners: ReadonlyMap<string, string>,
): string | null {
  return keyOwners.has(signer.publicKey)
    ? null
    : `is by key ${groupedFingerprint(signer.fingerprint)}, which no member of the team published in ${bundlePaths.teamRoster}`
}
