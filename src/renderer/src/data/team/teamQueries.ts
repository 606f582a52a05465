import { useMutation, useQuery } from '@tanstack/react-query'
import type { TeamJoin, TeamView } from '../../../../shared/bridge/teamContract'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import type { TeamRole } from '../../../../shared/team/teamRoles'
import { queryClient } from '../queryClient'

const teamKey = ['team'] as const

/** How often the team's status is asked again while a screen shows it: replication never stops. */
const teamStatusRefreshMs = 2_000

/**
 * This desk's team, its roster and where replication stands, as the main side reports them: asked
 * again every few seconds while the desk is in a team, once otherwise (joining answers anew).
 */
export const useTeam = () =>
  useQuery({
    queryKey: teamKey,
    queryFn: () => callBridge('team.view', {}),
    refetchInterval: (query) => (query.state.data?.joined ? teamStatusRefreshMs : false),
  })

/**
 * Whether this desk is in a team, as last reported (the header asks at start): background work
 * for shared cases asks the main side nothing while it is not.
 */
export const isInTeam = (): boolean => queryClient.getQueryData<TeamView>(teamKey)?.joined === true

/** Joining and leaving; each answer becomes the team shown everywhere, each refusal a sentence. */
export function useTeamMembership() {
  const mutation = useMutation({
    mutationFn: (change: () => Promise<TeamView>) => change(),
    onSuccess: (team) => queryClient.setQueryData(teamKey, team),
  })
  const run = (change: () => Promise<TeamView>) => mutation.mutateAsync(change).catch(() => null)
  return {
    pending: mutation.isPending,
    error: mutation.error ? errorMessage(mutation.error) : null,
    join: (credentials: TeamJoin) => run(() => callBridge('team.join', credentials)),
    leave: () => run(() => callBridge('team.leave', {})),
    removeMember: (member: string, reason: string) =>
      run(() => callBridge('team.removeMember', { member, reason })),
  }
}

/** The member this desk writes as in its team; null while in none or not yet known. */
export const useTeamMember = (): string | null => {
  const team = useTeam().data
  return team?.joined ? team.member : null
}

/**
 * A team admin sets one member's roles: each member's editor has its own, so a refusal shows
 * beside the member it was about, in the sentence the main side gave.
 */
export function useRolesSetting() {
  const mutation = useMutation({
    mutationFn: (input: { member: string; roles: TeamRole[] }) =>
      callBridge('team.setRoles', input),
    onSuccess: (team) => queryClient.setQueryData(teamKey, team),
  })
  return {
    pending: mutation.isPending,
    error: mutation.error ? errorMessage(mutation.error) : null,
    save: (member: string, roles: TeamRole[]) =>
      mutation.mutateAsync({ member, roles }).catch(() => null),
  }
}
