import { useLiveQuery } from 'dexie-react-hooks'
import {
  appDatabase,
  type StoredCheck,
  type WatchChange,
  type WatchRecord,
} from '../database/appDatabase'
import { latestAnsweredCheckOf } from './walletChanges'
import { newChanges } from './watchRepository'

/** The watch on a target, null when it is not watched. */
export const useWatch = (id: string): WatchRecord | null | undefined =>
  useLiveQuery(async () => (await appDatabase.watches.get(id)) ?? null, [id])

export const useWatches = (): WatchRecord[] | undefined =>
  useLiveQuery(() => appDatabase.watches.orderBy('nextDueAt').toArray(), [])

/** Changes not yet acknowledged, newest first: the inbox and its badge. */
export const useNewChanges = (): WatchChange[] | undefined =>
  useLiveQuery(() => newChanges(appDatabase), [])

/** The answered check of the same wallet just before this one, null when there is none. */
export const usePreviousCheck = (
  stored: Pick<StoredCheck, 'environment' | 'queryKey' | 'fetchedAt'>,
): StoredCheck | null | undefined =>
  useLiveQuery(
    async () =>
      (await latestAnsweredCheckOf(
        appDatabase,
        stored.environment,
        stored.queryKey,
        stored.fetchedAt,
      )) ?? null,
    [stored.environment, stored.queryKey, stored.fetchedAt],
  )
