import { teamConfigId, teamConfigSchema } from '../../../shared/team/teamConfig'
import { rosterScope, type SignatureCheck } from '../../../shared/team/teamEntry'
import { replayTeamRoster, type TeamRosterReplay } from '../../../shared/team/teamRoster'
import type { TeamDatabase } from './teamDatabase'
import { scopeHeld } from './teamScopeDocuments'

export interface TeamRosterReader {
  /** The team admins the server's configuration names. */
  admins: (local: TeamDatabase) => Promise<string[]>
  /**
   * The roster, replayed again only when its documents or admins changed: every read of a case
   * needs it, and a revision of an entry never changes.
   */
  rosterOf: (local: TeamDatabase) => Promise<TeamRosterReplay>
  /**
   * The roster as last read here, read now only when it has not been since `forget`: for a check
   * on every write, which cannot afford all the roster's documents each time.
   */
  lastRead: (local: TeamDatabase) => Promise<TeamRosterReplay>
  /** Drops the roster last read, which belongs to a database this desk no longer holds. */
  forget: () => void
}

export function createTeamRosterReader(verify: SignatureCheck): TeamRosterReader {
  /** The last roster replayed, with the admins and the revisions it was replayed from. */
  let lastRoster: { from: string; replay: TeamRosterReplay } | null = null

  const admins = async (local: TeamDatabase): Promise<string[]> => {
    const config = teamConfigSchema.safeParse(await local.get(teamConfigId).catch(() => null))
    return config.success ? config.data.admins : []
  }

  const rosterOf = async (local: TeamDatabase): Promise<TeamRosterReplay> => {
    const documents = await scopeHeld(local, rosterScope)
    const configured = await admins(local)
    const from = JSON.stringify([configured, documents.map(({ _id, _rev }) => [_id, _rev])])
    if (lastRoster?.from !== from) {
      lastRoster = { from, replay: replayTeamRoster(documents, configured, verify) }
    }
    return lastRoster.replay
  }

  return {
    admins,
    rosterOf,
    lastRead: async (local) => lastRoster?.replay ?? (await rosterOf(local)),
    forget: () => {
      lastRoster = null
    },
  }
}
