import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { openAppDatabase, type AppDatabase } from '../database/appDatabase'
import { claimNext, enqueue, runningItems, removeItem, requeue, settle } from './outboxRepository'

let db: AppDatabase

const queueCheck = (query: string, at: string) =>
  enqueue(db, 'local', { kind: 'cryptoCheck', query, queryKey: query }, new Date(at))

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('the outbox', () => {
  it('hands out the oldest item first, and each item to one claimant only', async () => {
    db = openAppDatabase(`outbox-${crypto.randomUUID()}`)
    await queueCheck('second', '2026-11-21T10:05:00.000Z')
    await enqueue(
      db,
      'sandbox',
      {
        kind: 'createEntity',
        label: 'Ada Lovelace',
        entity: {
          entityType: 'individual',
          isSubjectConsent: true,
          firstName: 'Ada',
          lastName: 'Lovelace',
        },
      },
      new Date('2026-11-21T10:00:00.000Z'),
    )
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimNext(db)))
    const claimed = claims.filter((item) => item !== undefined)
    expect(claimed.map((item) => item.kind)).toEqual(['createEntity', 'cryptoCheck'])
    expect((await db.outbox.toArray()).every((item) => item.state === 'running')).toBe(true)
  })

  it('after a crash, lists what was running and never hands it out again by itself', async () => {
    db = openAppDatabase(`outbox-${crypto.randomUUID()}`)
    const id = await queueCheck('cut-off', '2026-11-21T10:00:00.000Z')
    await claimNext(db, new Date('2026-11-21T10:05:00.000Z'))
    expect(await runningItems(db)).toMatchObject([
      { localId: id, state: 'running', sentAt: '2026-11-21T10:05:00.000Z' },
    ])
    expect(await claimNext(db)).toBeUndefined()
    await settle(db, id, 'interrupted', { message: 'It may have gone through.' })
    expect(await claimNext(db)).toBeUndefined()
    await requeue(db, id)
    const again = await claimNext(db)
    expect(again).toMatchObject({ kind: 'cryptoCheck', query: 'cut-off' })
    expect(again?.localId).not.toBe(id)
    expect(again?.message).toBeUndefined()
  })

  it('cancels a waiting item but never takes back a running one', async () => {
    db = openAppDatabase(`outbox-${crypto.randomUUID()}`)
    const waiting = await queueCheck('waiting', '2026-11-21T10:00:00.000Z')
    await removeItem(db, waiting)
    expect(await db.outbox.count()).toBe(0)
    const running = await queueCheck('running', '2026-11-21T10:01:00.000Z')
    await claimNext(db)
    await removeItem(db, running)
    expect(await db.outbox.get(running)).toBeDefined()
    await settle(db, running, 'done', { resultId: 'x' })
    await removeItem(db, running)
    expect(await db.outbox.count()).toBe(0)
  })
})
