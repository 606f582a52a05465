import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { openAppDatabase, type AppDatabase } from '../../db/appDatabase'
import {
  claimNextQueued,
  enqueueCheck,
  markInterrupted,
  removeQueued,
  requeue,
  settleQueued,
} from './checkQueue'

let db: AppDatabase

const queue = (query: string, at: string) =>
  enqueueCheck(db, { environment: 'local', query, queryKey: query }, new Date(at))

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('the check queue', () => {
  it('hands out the oldest check first, and each check to one claimant only', async () => {
    db = openAppDatabase(`queue-${crypto.randomUUID()}`)
    await queue('second', '2026-11-21T10:05:00.000Z')
    await queue('first', '2026-11-21T10:00:00.000Z')
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimNextQueued(db)))
    const claimed = claims.filter((item) => item !== undefined).map((item) => item.query)
    expect(claimed.sort()).toEqual(['first', 'second'])
    expect((await db.queuedChecks.toArray()).every((item) => item.state === 'running')).toBe(true)
  })

  it('after a crash, marks what was running as interrupted and never hands it out again by itself', async () => {
    db = openAppDatabase(`queue-${crypto.randomUUID()}`)
    const id = await queue('cut-off', '2026-11-21T10:00:00.000Z')
    await claimNextQueued(db)
    await markInterrupted(db)
    expect(await db.queuedChecks.get(id)).toMatchObject({
      state: 'interrupted',
      message: expect.stringContaining('may have run') as unknown,
    })
    expect(await claimNextQueued(db)).toBeUndefined()
    await requeue(db, id)
    const again = await claimNextQueued(db)
    expect(again?.query).toBe('cut-off')
    expect(again?.localId).not.toBe(id)
  })

  it('cancels a waiting check but never takes back a running one', async () => {
    db = openAppDatabase(`queue-${crypto.randomUUID()}`)
    const waiting = await queue('waiting', '2026-11-21T10:00:00.000Z')
    await removeQueued(db, waiting)
    expect(await db.queuedChecks.count()).toBe(0)
    const running = await queue('running', '2026-11-21T10:01:00.000Z')
    await claimNextQueued(db)
    await removeQueued(db, running)
    expect(await db.queuedChecks.get(running)).toBeDefined()
    await settleQueued(db, running, 'done')
    await removeQueued(db, running)
    expect(await db.queuedChecks.count()).toBe(0)
  })
})
