import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { EntityPage } from '../../../../shared/bridge/entitiesContract'
import { openAppDatabase, schemaVersion, type AppDatabase } from '../database/appDatabase'
import { Dexie } from 'dexie'
import { initialSchema } from '../database/migrations/0001-initial'
import { checksSchema } from '../database/migrations/0002-checks'
import { outboxSchema } from '../database/migrations/0003-outbox'
import { filterCachedEntities, readEntityPage, saveEntityPage } from './entityRepository'

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

describe('quick filter over cached entities', () => {
  it('finds cached entities of one environment by word prefixes of names, e-mail and id', async () => {
    db = openAppDatabase(`test-${crypto.randomUUID()}`)
    await saveEntityPage(db, pageOf({}))
    await saveEntityPage(
      db,
      pageOf({
        environment: 'production',
        items: [{ id: 'ent_p', firstName: 'Bea', lastName: 'Other' }],
      }),
    )
    expect(await filterCachedEntities(db, 'local', 'bea')).toEqual([['local', 'ent_b']])
    expect(await filterCachedEntities(db, 'production', 'bea')).toEqual([['production', 'ent_p']])
    expect(await filterCachedEntities(db, 'local', 'aurora trad')).toEqual([['local', 'ent_a']])
    expect(await filterCachedEntities(db, 'local', 'ent_')).toHaveLength(2)
    expect(await filterCachedEntities(db, 'local', 'bea aurora')).toEqual([])
    expect(await filterCachedEntities(db, 'local', '  ')).toEqual([])
  })

  it('migration 0004 gives entities cached before it their search words', async () => {
    const name = `test-${crypto.randomUUID()}`
    const before = new Dexie(name)
    for (const migration of [initialSchema, checksSchema, outboxSchema])
      before.version(migration.version).stores(migration.stores)
    await before.table('entities').put({
      environment: 'local',
      id: 'ent_old',
      fetchedAt: '2026-11-01T00:00:00.000Z',
      entity: { id: 'ent_old', name: 'Baltic Holdings AB' },
    })
    before.close()
    db = openAppDatabase(name)
    expect(await filterCachedEntities(db, 'local', 'baltic')).toEqual([['local', 'ent_old']])
  })
})
