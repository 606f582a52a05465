import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { EntityPage } from '../../../../shared/bridge/entitiesContract'
import { openAppDatabase, type AppDatabase } from '../../data/database/appDatabase'
import { readEntityCacheCoverage } from '../../data/entities/entityCacheCoverage'
import { saveEntityPage } from '../../data/entities/entityRepository'
import { coverageSentence, pageRanges } from './coverageSentence'

const db: AppDatabase = openAppDatabase(`coverage-${crypto.randomUUID()}`)

const pageOf = (page: number, limit: number, fetchedAt: string): EntityPage => ({
  environment: 'local',
  fetchedAt,
  total: 300,
  page,
  limit,
  hasNext: true,
  hasPrev: page > 1,
  items: Array.from({ length: 2 }, (_, index) => ({ id: `ent_${limit}x${page}x${index}` })),
})

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('what the entities quick filter says it searches', () => {
  it('names the pages fetched, by page size, with how many entities of how many', async () => {
    for (const page of [1, 2, 3, 7])
      await saveEntityPage(db, pageOf(page, 20, new Date().toISOString()))
    await saveEntityPage(db, pageOf(1, 100, new Date().toISOString()))
    const coverage = await readEntityCacheCoverage(db, 'local')
    expect(coverage.cached).toBe(10)
    expect(coverageSentence(coverage)).toBe(
      'Searches the 10 entities fetched on this computer of the 300 entities the service lists (pages 1–3 and 7 at 20 a page; page 1 at 100 a page, the oldest fetched just now).',
    )
    expect(await readEntityCacheCoverage(db, 'production')).toEqual({
      cached: 0,
      total: null,
      pages: [],
      oldestFetchedAt: null,
    })
  })

  it('writes page numbers as ranges', () => {
    expect(pageRanges([1])).toBe('1')
    expect(pageRanges([1, 2, 3, 5, 6, 9])).toBe('1–3, 5–6 and 9')
  })
})
