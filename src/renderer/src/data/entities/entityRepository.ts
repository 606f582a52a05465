import type { Entity, EntityPage, FetchedEntity } from '../../../../shared/bridge/entitiesContract'
import type { EnvironmentId } from '../../../../shared/environments'
import { onAppDatabase, type AppDatabase, type CachedEntity } from '../database/appDatabase'
import { entitySearchTerms, entityWords } from './entitySearchTerms'

export interface CachedPageView {
  environment: EnvironmentId
  page: number
  limit: number
  total: number
  hasNext: boolean
  hasPrev: boolean
  fetchedAt: string
  items: Entity[]
}

/** Writes a fetched page and its entities in one transaction, so a page never points at nothing. */
export async function saveEntityPage(db: AppDatabase, page: EntityPage): Promise<void> {
  await db.transaction('rw', db.entities, db.entityPages, async () => {
    await db.entities.bulkPut(
      page.items.map((entity) => ({
        environment: page.environment,
        id: entity.id,
        fetchedAt: page.fetchedAt,
        entity,
        searchTerms: entitySearchTerms(entity),
      })),
    )
    await db.entityPages.put({
      environment: page.environment,
      limit: page.limit,
      page: page.page,
      total: page.total,
      hasNext: page.hasNext,
      hasPrev: page.hasPrev,
      fetchedAt: page.fetchedAt,
      ids: page.items.map((entity) => entity.id),
    })
  })
}

/** One entity as fetched on its own (its detail, or just created). */
export async function saveEntity(db: AppDatabase, fetched: FetchedEntity): Promise<void> {
  await db.entities.put({
    environment: fetched.environment,
    id: fetched.entity.id,
    fetchedAt: fetched.fetchedAt,
    entity: fetched.entity,
    searchTerms: entitySearchTerms(fetched.entity),
  })
}

/** A page as last fetched in this environment, or undefined if it never was. */
export async function readEntityPage(
  db: AppDatabase,
  environment: EnvironmentId,
  page: number,
  limit: number,
): Promise<CachedPageView | undefined> {
  return db.transaction('r', db.entities, db.entityPages, async () => {
    const record = await db.entityPages.get([environment, limit, page])
    if (!record) return undefined
    const rows = await db.entities.bulkGet(
      record.ids.map((id) => [environment, id] as [EnvironmentId, string]),
    )
    return {
      environment,
      page: record.page,
      limit: record.limit,
      total: record.total,
      hasNext: record.hasNext,
      hasPrev: record.hasPrev,
      fetchedAt: record.fetchedAt,
      items: rows.flatMap((row) => (row ? [row.entity] : [])),
    }
  })
}

/** At most this many matches are gathered: a quick filter narrows, it does not export. */
export const quickFilterLimit = 5000

/**
 * Keys of the cached entities of one environment whose words start with every word typed; each
 * word is one index lookup returning keys only.
 */
export async function filterCachedEntities(
  db: AppDatabase,
  environment: EnvironmentId,
  text: string,
): Promise<Array<[EnvironmentId, string]>> {
  const wanted = entityWords(text)
  if (wanted.length === 0) return []
  const lookups = await Promise.all(
    wanted.map((word) => db.entities.where('searchTerms').startsWith(word).primaryKeys()),
  )
  const [smallest, ...others] = lookups
    .map((keys) => keys.filter((key) => key[0] === environment))
    .sort((a, b) => a.length - b.length)
  const required = others.map((keys) => new Set(keys.map((key) => key[1])))
  const matches = new Map<string, [EnvironmentId, string]>()
  for (const key of smallest ?? []) {
    if (required.every((ids) => ids.has(key[1]))) matches.set(key[1], key)
    if (matches.size >= quickFilterLimit) break
  }
  return [...matches.values()]
}

export const readCachedEntities = (
  db: AppDatabase,
  keys: Array<[EnvironmentId, string]>,
): Promise<Array<CachedEntity | undefined>> => db.entities.bulkGet(keys)

/** The entity cache on the app's database. */
export const entityRepository = onAppDatabase({ saveEntityPage, saveEntity })

export type { CachedEntity } from '../database/appDatabase'
