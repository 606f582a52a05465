import { useLiveQuery } from 'dexie-react-hooks'
import { appDatabase, type TeamCaseRow } from '../database/appDatabase'

/** A shared case as last applied from the team's entries: null when the case is not shared. */
export const useSharedCase = (caseId: string): TeamCaseRow | null | undefined =>
  useLiveQuery(async () => (await appDatabase.teamCases.get(caseId)) ?? null, [caseId])
