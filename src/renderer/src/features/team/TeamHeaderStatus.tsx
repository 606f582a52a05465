import { useTeam } from '../../data/team/teamQueries'
import { TeamStatusLine } from './TeamStatusLine'

/** The team's status in the app's header, on every screen, once this desk is in a team. */
export function TeamHeaderStatus() {
  const team = useTeam().data
  return team?.joined ? <TeamStatusLine sync={team.sync} /> : null
}
