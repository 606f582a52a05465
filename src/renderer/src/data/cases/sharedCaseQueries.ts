import { useMutation } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import type { RosterMemberView } from '../../../../shared/bridge/teamContract'
import { errorMessage } from '../../bridge/bridgeClient'
import { appDatabase, type TeamCaseRow } from '../database/appDatabase'
import { useTeam } from '../team/teamQueries'

/** A shared case as last applied from the team's entries: null when the case is not shared. */
export const useSharedCase = (caseId: string): TeamCaseRow | null | undefined =>
  useLiveQuery(async () => (await appDatabase.teamCases.get(caseId)) ?? null, [caseId])

const noRoster: RosterMemberView[] = []

/** The team's members as its roster stands, to name them by; none on a desk with no team. */
export function useTeamRoster(): RosterMemberView[] {
  const team = useTeam().data
  return team?.joined ? team.roster : noRoster
}

/**
 * One four-eyes call on a shared case (see fourEyesCalls): whether it runs, and a refusal in the
 * main side's sentence. `run` settles true once the case here shows the change.
 */
export function useFourEyesCall() {
  const mutation = useMutation({ mutationFn: (call: () => Promise<void>) => call() })
  return {
    pending: mutation.isPending,
    failure: mutation.error ? errorMessage(mutation.error) : null,
    run: (call: () => Promise<void>): Promise<boolean> =>
      mutation.mutateAsync(call).then(
        () => true,
        () => false,
      ),
    reset: mutation.reset,
  }
}
