import { chainOf, compareTeamEntries } from '../../../shared/team/teamChains'
import {
  idOfTeamEntry,
  teamEntryDocument,
  type TeamEntry,
  type TeamEntryDocument,
} from '../../../shared/team/teamEntry'
import type { TeamRosterReplay } from '../../../shared/team/teamRoster'
import type { TeamService } from '../team/teamService'

/** What a bundle of a shared case carries of the team, each entry as its author signed it. */
export interface TeamEvidence {
  /** Every entry of the case this desk applies, in the team's one order. */
  entries: TeamEntryDocument[]
  /** The roster entries that publish the authors' keys and the exporter's. */
  roster: TeamEntryDocument[]
}

/** Where the exporter learns whether a case is shared and, if so, what the team holds of it. */
export interface SharedCaseEvidence {
  /** Null when the case is not shared (or this desk is in no team). */
  evidenceOf(caseId: string, signerPublicKey: string): Promise<TeamEvidence | null>
}

export const noSharedCases: SharedCaseEvidence = { evidenceOf: async () => null }

/**
 * The roster entries that give these keys: for each, the entry in which its member published it,
 * with every entry before it on the same desk's chain, so the bundle's roster chains have no gap.
 */
function rosterEntriesOf(replay: TeamRosterReplay, keys: ReadonlySet<string>): TeamEntry[] {
  const held = [...replay.applied, ...replay.setAside.flatMap(({ entry }) => entry ?? [])]
  const published = new Map(held.map((entry) => [idOfTeamEntry(entry), entry]))
  const chosen = new Map<string, TeamEntry>()
  for (const key of keys) {
    const owner = replay.roster.keyOwners.get(key)
    const entryId = replay.roster.members
      .get(owner ?? '')
      ?.keys.find(({ publicKey }) => publicKey === key)?.entryId
    const publishing = published.get(entryId ?? '')
    if (!publishing) continue
    for (const entry of held) {
      if (chainOf(entry) === chainOf(publishing) && entry.deviceSeq <= publishing.deviceSeq) {
        chosen.set(idOfTeamEntry(entry), entry)
      }
    }
  }
  return [...chosen.values()].sort(compareTeamEntries)
}

/**
 * The team's evidence of a case, read by the main side from its own copy of the team database:
 * the entries that count here, as signed, and the roster entries that publish their keys. A key
 * the roster does not give is left out, so the bundle's check names the entry it cannot vouch for.
 */
export function sharedCaseEvidence(
  team: Pick<TeamService, 'caseScopes' | 'scope' | 'roster'>,
): SharedCaseEvidence {
  return {
    evidenceOf: async (caseId, signerPublicKey) => {
      if (!(await team.caseScopes()).has(caseId)) return null
      const { applied } = await team.scope(caseId)
      const keys = new Set([signerPublicKey, ...applied.map((entry) => entry.publicKey)])
      const roster = rosterEntriesOf(await team.roster(), keys)
      return {
        entries: [...applied].sort(compareTeamEntries).map(teamEntryDocument),
        roster: roster.map(teamEntryDocument),
      }
    },
  }
}
