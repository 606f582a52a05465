import { useLiveQuery } from 'dexie-react-hooks'
import type { Entity } from '../../../../shared/bridge/entitiesContract'
import type { EnvironmentId } from '../../../../shared/environments'
import { appDatabase, type CachedEntity } from '../database/appDatabase'
import {
  filterCachedEntities,
  readCachedEntities,
  readEntityPage,
  type CachedPageView,
} from './entityRepository'

/** One cached entity, kept live: undefined while it is read, null when it was never fetched. */
export const useCachedEntity = (
  environment: EnvironmentId,
  id: string,
): CachedEntity | null | undefined =>
  useLiveQuery(
    async () => (await appDatabase.entities.get([environment, id])) ?? null,
    [environment, id],
  )

/**
 * A page of the entity list as last fetched: undefined while it is read, null when it never was.
 * useLiveQuery hands back the previous page's result until the next one is read, which would put
 * one page's rows under another page's range: a result is only this page's if it says so.
 */
export function useCachedEntityPage(
  environment: EnvironmentId | null,
  page: number,
  limit: number,
): CachedPageView | null | undefined {
  const read = useLiveQuery(
    async () => ({
      environment,
      page,
      limit,
      view:
        environment === null
          ? null
          : ((await readEntityPage(appDatabase, environment, page, limit)) ?? null),
    }),
    [environment, page, limit],
  )
  const current = read?.environment === environment && read.page === page && read.limit === limit
  return current ? read.view : undefined
}

export interface EntityMatches {
  /** The text these keys answer, so a screen can tell stale results apart. */
  text: string
  keys: Array<[EnvironmentId, string]>
}

/** Keys of the cached entities whose words start with every word typed. */
export const useEntityMatches = (
  environment: EnvironmentId,
  text: string,
): EntityMatches | undefined =>
  useLiveQuery(
    async () => ({ text, keys: await filterCachedEntities(appDatabase, environment, text) }),
    [environment, text],
  )

/** The cached entities of keys `first` to `first + count`, in their order. */
export const useCachedEntityWindow = (
  keys: Array<[EnvironmentId, string]>,
  first: number,
  count: number,
): Array<CachedEntity | undefined> | undefined =>
  useLiveQuery(
    () => readCachedEntities(appDatabase, keys.slice(first, first + count)),
    [keys, first, count],
  )

/** Up to `limit` cached entities matching the text, leaving out some ids. */
export const useEntityCandidates = (
  environment: EnvironmentId,
  text: string,
  limit: number,
  excluded: readonly string[] = [],
): CachedEntity[] | undefined =>
  useLiveQuery(async () => {
    const keys = (await filterCachedEntities(appDatabase, environment, text)).filter(
      ([, id]) => !excluded.includes(id),
    )
    return (await readCachedEntities(appDatabase, keys.slice(0, limit))).filter(
      (row) => row !== undefined,
    )
    // The joined ids stand for the excluded list.
  }, [environment, text, limit, excluded.join(',')])

/** The cached entities of some ids in one environment, by id; ids never fetched are absent. */
export const useCachedEntitiesById = (
  environment: EnvironmentId,
  ids: readonly string[],
): Map<string, Entity> | undefined =>
  useLiveQuery(async () => {
    const rows = await readCachedEntities(
      appDatabase,
      ids.map((id): [EnvironmentId, string] => [environment, id]),
    )
    return new Map(rows.flatMap((row) => (row ? [[row.id, row.entity] as const] : [])))
    // The joined ids stand for the list.
  }, [environment, ids.join(',')])
