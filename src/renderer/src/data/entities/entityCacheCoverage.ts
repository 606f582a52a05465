import { useLiveQuery } from 'dexie-react-hooks'
import { entityPageSizes } from '../../../../shared/bridge/entitiesContract'
import type { EnvironmentId } from '../../../../shared/environments'
import { callBridge } from '../../bridge/bridgeClient'
import { appDatabase, type AppDatabase } from '../database/appDatabase'
import { saveEntityPage } from './entityRepository'

/** What the quick filter searches: the entities of an environment fetched on this computer. */
export interface EntityCacheCoverage {
  /** Entities cached in this environment (from list pages and details alike). */
  cached: number
  /** How many the service listed when a page was last fetched; null before any page was. */
  total: number | null
  /** The list pages fetched, by page size, in page order: "1–3 at 20 a page". */
  pages: Array<{ limit: number; pages: number[] }>
  /** When the oldest of those pages was fetched. */
  oldestFetchedAt: string | null
}

export async function readEntityCacheCoverage(
  db: AppDatabase,
  environment: EnvironmentId,
): Promise<EntityCacheCoverage> {
  const [cached, pages] = await Promise.all([
    db.entities.where('environment').equals(environment).count(),
    db.entityPages.where('environment').equals(environment).toArray(),
  ])
  const latest = pages.reduce<(typeof pages)[number] | undefined>(
    (newest, page) => (newest === undefined || page.fetchedAt > newest.fetchedAt ? page : newest),
    undefined,
  )
  const bySize = new Map<number, number[]>()
  for (const page of pages) bySize.set(page.limit, [...(bySize.get(page.limit) ?? []), page.page])
  return {
    cached,
    total: latest?.total ?? null,
    pages: [...bySize].map(([limit, numbers]) => ({ limit, pages: numbers.sort((a, b) => a - b) })),
    oldestFetchedAt: pages.reduce<string | null>(
      (oldest, page) => (oldest === null || page.fetchedAt < oldest ? page.fetchedAt : oldest),
      null,
    ),
  }
}

export const useEntityCacheCoverage = (
  environment: EnvironmentId | null,
): EntityCacheCoverage | undefined =>
  useLiveQuery(
    async () =>
      environment === null ? undefined : readEntityCacheCoverage(appDatabase, environment),
    [environment],
  )

/** The largest page the service serves: the fewest requests to fetch everything. */
export const fullFetchPageSize = Math.max(...entityPageSizes)

/**
 * Fetches every page of the entity list of the active environment, at the largest page size,
 * one after another (the main side's rate limiter paces them), caching each as it arrives, so the
 * quick filter then covers every entity. Stops between pages when `signal` is aborted.
 */
export async function fetchAllEntityPages(
  onProgress: (fetched: number, pages: number) => void,
  signal: AbortSignal,
): Promise<void> {
  let pages = 1
  for (let page = 1; page <= pages && !signal.aborted; page += 1) {
    const fetched = await callBridge('entities.list', { page, limit: fullFetchPageSize })
    await saveEntityPage(appDatabase, fetched)
    pages = Math.max(1, Math.ceil(fetched.total / fullFetchPageSize))
    onProgress(page, pages)
  }
}
