import { useLiveQuery } from 'dexie-react-hooks'
import type { EnvironmentId } from '../../../../shared/environments'
import {
  appDatabase,
  isStoredCheck,
  type CheckRecord,
  type StoredCheck,
} from '../database/appDatabase'
import { checksLinkedTo, latestCheckOf } from './checkRepository'
import { checksAwaitingTerms } from './deferredSearchTerms'
import {
  noCheckFilters,
  readSelectionWindow,
  selectChecks,
  type CheckFilters,
  type CheckSelection,
} from './checkSelection'

/** One stored check, kept live: undefined while it is read, null when it is not on this computer. */
export const useCheck = (localId: string | null): CheckRecord | null | undefined =>
  useLiveQuery(
    async () => (localId === null ? null : ((await appDatabase.checks.get(localId)) ?? null)),
    [localId],
  )

export interface FoundChecks {
  /** The filters these results are for, as JSON: lets a screen tell stale results apart. */
  signature: string
  selection: CheckSelection
}

/** The checks matching History's filters, kept live. */
export function useCheckSelection(filters: CheckFilters): FoundChecks | undefined {
  const signature = JSON.stringify(filters)
  return useLiveQuery(
    async () => ({ signature, selection: await selectChecks(appDatabase, filters) }),
    // The signature stands for every filter value.

    [signature],
  )
}

/** Rows `first` to `first + count` of a selection, newest first. */
export const useCheckWindow = (
  selection: CheckSelection,
  first: number,
  count: number,
): Array<CheckRecord | undefined> | undefined =>
  useLiveQuery(
    () => readSelectionWindow(appDatabase, selection, first, count),
    [selection, first, count],
  )

/** The newest answered checks whose words start with those typed, at most `limit`. */
export const useChecksMatching = (text: string, limit: number): StoredCheck[] | undefined =>
  useLiveQuery(async () => {
    const selection = await selectChecks(appDatabase, {
      ...noCheckFilters,
      outcome: 'succeeded',
      text,
    })
    return (await readSelectionWindow(appDatabase, selection, 0, limit)).filter(
      (check): check is StoredCheck => check !== undefined && isStoredCheck(check),
    )
  }, [text, limit])

/** The newest check of an identifier in an environment, null when there is none. */
export const useLatestCheckOf = (
  environment: EnvironmentId,
  queryKey: string | null,
): CheckRecord | null | undefined =>
  useLiveQuery(
    async () =>
      queryKey === null
        ? null
        : ((await latestCheckOf(appDatabase, environment, queryKey)) ?? null),
    [environment, queryKey],
  )

/** The checks linked to an entity, newest first. */
export const useChecksLinkedTo = (
  environment: EnvironmentId,
  entityId: string,
): StoredCheck[] | undefined =>
  useLiveQuery(() => checksLinkedTo(appDatabase, environment, entityId), [environment, entityId])

/** How many checks History's free text does not find yet, because their entries are being derived. */
export const useChecksAwaitingTerms = (): number | undefined =>
  useLiveQuery(() => checksAwaitingTerms(appDatabase), [])
