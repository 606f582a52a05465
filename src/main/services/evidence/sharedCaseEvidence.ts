import { chainOf, compareTeamEntries } from '../../../shared/team/teamChains'
import {
  idOfTeamEntry,
  teamEntryDocument,
  type TeamEntry,
  type TeamEntryDocument,
} from '../../../shared/team/teamEntry'
import { memberRolesSchema, memberRolesSetAction } from '../../../shared/team/teamRoles'
import { memberRemovedAction, type TeamRosterReplay } from '../../../shared/team/teamRoster'
import type { TeamService } from '../team/teamService'

/** What a bundle of a shared case carries of the team, each entry as its author signed it. */
export interface TeamEvidence {
  /** Every entry of the case this desk applies, in the team's one order. */
  entries: TeamEntryDocument[]
  /**
   * The roster entries the case needs to be judged by: those that publish the authors' keys and
   * the exporter's, every setting of roles and every removal that counts with the keys of the
   * members they concern, and whatever those need in turn (each with every entry before it on its
   * desk's chain, and the key that signed it).
   */
  roster: TeamEntryDocument[]
  /** The team admins as the server's configuration names them, by whom the roster is judged. */
  admins: string[]
}

/** Where the exporter learns whether a case is shared and, if so, what the team holds of it. */
export interface SharedCaseEvidence {
  /** Null when the case is not shared (or this desk is in no team). */
  evidenceOf(caseId: string, signerPublicKey: string): Promise<TeamEvidence | null>
}

export const noSharedCases: SharedCaseEvidence = { evidenceOf: async () => null }

/** Roster entries that decide what a member may do: the four-eyes rule reads them all. */
const rulingActions: ReadonlySet<string> = new Set([memberRolesSetAction, memberRemovedAction])

/** The member a setting of roles or a removal is about (both name them alike). */
const memberConcerned = (entry: TeamEntry): string | undefined =>
  memberRolesSchema.pick({ member: true }).safeParse(entry.after).data?.member

/**
 * The roster entries a bundle needs: the publications of these keys and every setting of roles
 * and removal that counts here, with the keys of the members they concern, so that a verifier who
 * trusts nothing on this desk judges who reviewed, who could have and who was removed as this
 * desk does. Each comes with every entry before it on its desk's chain (a chain with a gap counts
 * for nothing), and each of those with the publication of the key that signed it, until nothing
 * more is needed. Members the roster's rulings never named, who neither wrote in the case nor ran
 * the roster, stay out of the bundle.
 */
export function rosterEntriesOf(replay: TeamRosterReplay, keys: ReadonlySet<string>): TeamEntry[] {
  const held = [...replay.applied, ...replay.setAside.flatMap(({ entry }) => entry ?? [])]
  const byId = new Map(held.map((entry) => [idOfTeamEntry(entry), entry]))
  const publicationOf = (key: string): TeamEntry | undefined => {
    const owner = replay.roster.keyOwners.get(key) ?? ''
    const entryId = replay.roster.members
      .get(owner)
      ?.keys.find(({ publicKey }) => publicKey === key)?.entryId
    return byId.get(entryId ?? '')
  }
  const ruling = replay.applied.filter((entry) => rulingActions.has(entry.action))
  // Whom roles were given or who was removed: who could approve is told by name, not guessed.
  const concerned = new Set(ruling.flatMap((entry) => memberConcerned(entry) ?? []))
  const concernedKeys = [...concerned].flatMap(
    (member) => replay.roster.members.get(member)?.keys.map(({ publicKey }) => publicKey) ?? [],
  )
  const chosen = new Map<string, TeamEntry>()
  const needed = [
    ...[...keys, ...concernedKeys].flatMap((key) => publicationOf(key) ?? []),
    ...ruling,
  ]
  let wanted = needed.pop()
  while (wanted) {
    const chain = chainOf(wanted)
    const upTo = wanted.deviceSeq
    for (const entry of held) {
      const id = idOfTeamEntry(entry)
      if (chosen.has(id) || chainOf(entry) !== chain || entry.deviceSeq > upTo) continue
      chosen.set(id, entry)
      const signing = publicationOf(entry.publicKey)
      if (signing) needed.push(signing)
    }
    wanted = needed.pop()
  }
  return [...chosen.values()].sort(compareTeamEntries)
}

/**
 * The team's evidence of a case, read by the main side from its own copy of the team database:
 * the entries that count here, as signed, the roster entries they are judged by, and the team's
 * admins. A key the roster does not give is left out, so the bundle's check names the entry it
 * cannot vouch for.
 */
export function sharedCaseEvidence(
  team: Pick<TeamService, 'caseScopes' | 'scope' | 'roster'>,
): SharedCaseEvidence {
  return {
    evidenceOf: async (caseId, signerPublicKey) => {
      if (!(await team.caseScopes()).has(caseId)) return null
      const { applied } = await team.scope(caseId)
      const keys = new Set([signerPublicKey, ...applied.map((entry) => entry.publicKey)])
      const replay = await team.roster()
      return {
        entries: [...applied].sort(compareTeamEntries).map(teamEntryDocument),
        roster: rosterEntriesOf(replay, keys).map(teamEntryDocument),
        admins: [...replay.roster.admins],
      }
    },
  }
}
