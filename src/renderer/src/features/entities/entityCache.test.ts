import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { EntityPage } from '../../../../shared/bridge/entitiesContract'
import { openAppDatabase, schemaVersion, type AppDatabase } from '../../db/appDatabase'
import { readEntityPage, saveEntityPage } from './entityCache'

const pageOf = (overrides: Partial<EntityPage>): EntityPage => ({
  environment: 'local',
  fetchedAt: '2026-11-21T10:00:00.000Z',
  total: 42,
  page: 1,
  limit: 20,
  hasNext: true,
  hasPrev: false,
  items: [
    { id: 'ent_b', firstName: 'Bea', lastName: 'Berg' },
    { id: 'ent_a', name: 'Aurora Trading Ltd', riskScore: 3 },
  ],
  ...overrides,
})

let db: AppDatabase | undefined

afterEach(async () => {
  if (db) {
    db.close()
    await db.delete()
  }
})

describe('entity cache in IndexedDB', () => {
  it('reads back a saved page in its order, with unknown fields and the fetch time', async () => {
    db = openAppDatabase(`test-${crypto.randomUUID()}`)
    await saveEntityPage(db, pageOf({}))
    const cached = await readEntityPage(db, 'local', 1, 20)
    expect(cached).toMatchObject({
      total: 42,
      hasNext: true,
      fetchedAt: '2026-11-21T10:00:00.000Z',
    })
    expect(cached?.items).toEqual([
      { id: 'ent_b', firstName: 'Bea', lastName: 'Berg' },
      { id: 'ent_a', name: 'Aurora Trading Ltd', riskScore: 3 },
    ])
    expect(db.verno).toBe(schemaVersion)
  })

  it('keeps each environment apart and each page size apart', async () => {
    db = openAppDatabase(`test-${crypto.randomUUID()}`)
    await saveEntityPage(db, pageOf({}))
    await saveEntityPage(
      db,
      pageOf({ environment: 'production', items: [{ id: 'ent_b', firstName: 'Prod' }] }),
    )
    expect((await readEntityPage(db, 'local', 1, 20))?.items[0]).toEqual({
      id: 'ent_b',
      firstName: 'Bea',
      lastName: 'Berg',
    })
    expect((await readEntityPage(db, 'production', 1, 20))?.items).toEqual([
      { id: 'ent_b', firstName: 'Prod' },
    ])
    expect(await readEntityPage(db, 'sandbox', 1, 20)).toBeUndefined()
    expect(await readEntityPage(db, 'local', 1, 50)).toBeUndefined()
  })

  it('replaces a page when it is fetched again', async () => {
    db = openAppDatabase(`test-${crypto.randomUUID()}`)
    await saveEntityPage(db, pageOf({}))
    await saveEntityPage(
      db,
      pageOf({ fetchedAt: '2026-11-22T09:00:00.000Z', total: 43, items: [{ id: 'ent_c' }] }),
    )
    const cached = await readEntityPage(db, 'local', 1, 20)
    expect(cached).toMatchObject({
      total: 43,
      fetchedAt: '2026-11-22T09:00:00.000Z',
      items: [{ id: 'ent_c' }],
    })
  })
})
