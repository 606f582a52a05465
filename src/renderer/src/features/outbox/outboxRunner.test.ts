import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bridgeErrorNames, type BridgeErrorName } from '../../../../shared/bridge'
import { outboxRetryIntervalMs } from '../../../../shared/outboxPace'
import { BridgeCallError } from '../../bridge/bridgeClient'
import { openAppDatabase, type AppDatabase } from '../../data/database/appDatabase'
import {
  claimNext,
  enqueue,
  markInterrupted,
  settle,
  type OutboxItem,
} from '../../data/outbox/outboxRepository'
import { createOutboxRunner } from './outboxRunner'

let db: AppDatabase
/** What each send answers, by query; an Error is thrown. */
let answers: Map<string, string | Error>
let sent: string[]
let ticks: Array<{ ms: number; tick: () => void; stopped: boolean }>

const failure = (name: BridgeErrorName, mayHaveReachedService: boolean) =>
  new BridgeCallError({ name, message: `${name} happened.`, mayHaveReachedService })

const runner = () =>
  createOutboxRunner({
    repository: {
      claimNext: () => claimNext(db),
      settle: (localId, state, outcome) => settle(db, localId, state, outcome),
      markInterrupted: () => markInterrupted(db),
    },
    send: async (item: OutboxItem) => {
      const query = item.kind === 'cryptoCheck' ? item.query : item.label
      sent.push(query)
      const answer = answers.get(query) ?? `result-${query}`
      if (answer instanceof Error) throw answer
      return answer
    },
    every: (ms, tick) => {
      const timer = { ms, tick, stopped: false }
      ticks.push(timer)
      return () => {
        timer.stopped = true
      }
    },
  })

const queue = (query: string, minute: number) =>
  enqueue(
    db,
    'local',
    { kind: 'cryptoCheck', query, queryKey: query },
    new Date(`2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`),
  )

const states = async () =>
  Object.fromEntries(
    (await db.outbox.toArray()).map((item) => [
      item.kind === 'cryptoCheck' ? item.query : item.label,
      item.state,
    ]),
  )

beforeEach(() => {
  db = openAppDatabase(`outbox-runner-${crypto.randomUUID()}`)
  answers = new Map()
  sent = []
  ticks = []
})

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('the outbox runner', () => {
  it('sends every queued item once, oldest first, and keeps what each produced', async () => {
    await queue('second', 2)
    await queue('first', 1)
    await runner().drain()
    expect(sent).toEqual(['first', 'second'])
    expect(await states()).toEqual({ first: 'done', second: 'done' })
    expect((await db.outbox.toArray()).map((item) => item.resultId).sort()).toEqual([
      'result-first',
      'result-second',
    ])
  })

  it.each([
    ['the service cannot be reached', failure(bridgeErrorNames.serviceUnreachable, false)],
    ['the service asks to slow down (429)', failure(bridgeErrorNames.rateLimited, false)],
  ])('when %s, keeps the item queued and stops until the next turn', async (_when, error) => {
    await queue('first', 1)
    await queue('second', 2)
    answers.set('first', error)
    await runner().drain()
    expect(sent).toEqual(['first'])
    expect(await states()).toEqual({ first: 'queued', second: 'queued' })
  })

  it('never sends again on its own what may have reached the service: the user decides', async () => {
    await queue('first', 1)
    await queue('second', 2)
    answers.set('first', failure(bridgeErrorNames.outcomeUnknown, true))
    const outbox = runner()
    await outbox.drain()
    await outbox.drain()
    expect(sent).toEqual(['first', 'second'])
    const first = (await db.outbox.toArray()).find(
      (item) => item.kind === 'cryptoCheck' && item.query === 'first',
    )
    expect(first?.state).toBe('interrupted')
    expect(first?.message).toBe(`${bridgeErrorNames.outcomeUnknown} happened.`)
  })

  it('marks as failed what the service refused, and goes on with the rest', async () => {
    await queue('first', 1)
    await queue('second', 2)
    answers.set('first', failure(bridgeErrorNames.unauthorized, false))
    await runner().drain()
    expect(await states()).toEqual({ first: 'failed', second: 'done' })
  })

  it('treats a failure after the answer came back (e.g. saving it) as possibly sent', async () => {
    await queue('first', 1)
    answers.set('first', new Error('the disk is full'))
    await runner().drain()
    expect(await states()).toEqual({ first: 'interrupted' })
  })

  it('on start, leaves to the user what a crash cut off mid-send, then tries again at its pace until stopped', async () => {
    await queue('cut off', 1)
    await claimNext(db)
    await queue('waiting', 2)
    answers.set('waiting', failure(bridgeErrorNames.serviceUnreachable, false))
    const outbox = runner()
    const stop = outbox.start()
    await expect.poll(() => sent).toEqual(['waiting'])
    expect(await states()).toEqual({ 'cut off': 'interrupted', waiting: 'queued' })

    expect(ticks).toHaveLength(1)
    expect(ticks[0]?.ms).toBe(outboxRetryIntervalMs)
    answers.delete('waiting')
    ticks[0]?.tick()
    await expect.poll(states).toEqual({ 'cut off': 'interrupted', waiting: 'done' })
    expect(sent).toEqual(['waiting', 'waiting'])

    stop()
    expect(ticks[0]?.stopped).toBe(true)
  })
})
