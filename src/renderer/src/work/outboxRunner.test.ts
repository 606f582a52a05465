import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bridgeErrorNames, type BridgeErrorName } from '../../../shared/bridge'
import type { RequestFate } from '../../../shared/bridge/requestsContract'
import { BridgeCallError } from '../bridge/bridgeClient'
import { openAppDatabase, type AppDatabase } from '../data/database/appDatabase'
import {
  claimNext,
  enqueue,
  runningItems,
  settle,
  type OutboxItem,
} from '../data/outbox/outboxRepository'
import { CheckNotRecordedError } from '../data/checks/executeCheck'
import { createOutboxRunner, type OutboxRunner } from './outboxRunner'
import { recoverRequests } from './recovery'
import { requestsInHand } from '../data/requests/requestOwnership'
import { journalFates } from '../../../test-support/journalFates'

let db: AppDatabase
/** What each send answers, by query; an Error is thrown. */
let answers: Map<string, string | Error>
let sent: string[]
/** What the main side's journal says, by request id; unknown ids never left. */
let journal: Map<string, RequestFate['state']>
let collected: string[]

const failure = (name: BridgeErrorName, mayHaveReachedService: boolean) =>
  new BridgeCallError({ name, message: `${name} happened.`, mayHaveReachedService })

const runner = () =>
  createOutboxRunner({
    repository: {
      claimNext: () => claimNext(db),
      settle: (localId, state, outcome) => settle(db, localId, state, outcome),
    },
    send: async (item: OutboxItem) => {
      const query = item.kind === 'cryptoCheck' ? item.query : item.label
      sent.push(query)
      const answer = answers.get(query) ?? `result-${query}`
      if (answer instanceof Error) throw answer
      return answer
    },
    recover: () =>
      recoverRequests({
        attempts: { pendingAttempts: async () => [], settleAttempt: async () => {} },
        bulk: { runningChecksOf: async () => [], settleBulkCheck: async () => {} },
        readCheck: async () => undefined,
        inHand: requestsInHand,
        outbox: {
          runningItems: () => runningItems(db),
          settle: (localId, state, outcome) => settle(db, localId, state, outcome),
        },
        askFates: journalFates((requestId) => journal.get(requestId)),
        collect: async (ids) => void collected.push(...ids),
        saveEntity: async () => {},
      }),
    collect: async (ids) => void collected.push(...ids),
  })

/** A runner whose page has its turn, after its first recovery and drain. */
const started = async (): Promise<OutboxRunner & { stop: () => void }> => {
  const outbox = runner()
  await outbox.turn()
  return { ...outbox, stop: outbox.endTurns }
}

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
  journal = new Map()
  collected = []
})

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('the outbox runner', () => {
  it('sends every queued item once, oldest first, and keeps what each produced', async () => {
    await queue('second', 2)
    await queue('first', 1)
    await started().then((outbox) => outbox.stop())
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
    await started().then((outbox) => outbox.stop())
    expect(sent).toEqual(['first'])
    expect(await states()).toEqual({ first: 'queued', second: 'queued' })
  })

  it('never sends again on its own what may have reached the service: the user decides', async () => {
    await queue('first', 1)
    await queue('second', 2)
    answers.set('first', failure(bridgeErrorNames.outcomeUnknown, true))
    const outbox = await started()
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
    await started().then((outbox) => outbox.stop())
    expect(await states()).toEqual({ first: 'failed', second: 'done' })
  })

  it('treats a failure after the answer came back (e.g. saving it) as possibly sent', async () => {
    await queue('first', 1)
    answers.set('first', new Error('the disk is full'))
    await started().then((outbox) => outbox.stop())
    expect(await states()).toEqual({ first: 'interrupted' })
  })

  it('leaves in the journal a reply this computer could not store, for recovery to store', async () => {
    await queue('first', 1)
    answers.set(
      'first',
      new CheckNotRecordedError('The service answered but the answer was not stored.', true),
    )
    await started().then((outbox) => outbox.stop())
    expect(await states()).toEqual({ first: 'interrupted' })
    expect(collected).toEqual([])
  })

  it('does nothing in a page whose turn has not come: another page drives the outbox', async () => {
    await queue('first', 1)
    await runner().drain()
    expect(sent).toEqual([])
  })

  it('leaves a send the app’s own host lost mid-call running, for the journal to settle', async () => {
    await queue('first', 1)
    answers.set('first', failure(bridgeErrorNames.hostUnreachable, true))
    const outbox = await started()
    expect(await states()).toEqual({ first: 'running' })
    expect(collected).toEqual([])
    journal.set((await db.outbox.toArray())[0]?.localId ?? '', 'mayHaveLeft')
    await outbox.turn()
    expect(await states()).toEqual({ first: 'interrupted' })
    expect(sent).toEqual(['first'])
    outbox.stop()
  })

  it.each([
    ['never left', 'neverSent', 'done', ['cut off', 'waiting']],
    ['may have left', 'mayHaveLeft', 'interrupted', ['waiting']],
    ['got its answer', 'settled', 'done', ['waiting']],
    ['is still in flight', 'inFlight', 'running', ['waiting']],
  ] as const)(
    'on start, settles what a stopped page left running by the journal: one that %s is %s',
    async (_what, fate, state, sends) => {
      const cutOff = await queue('cut off', 1)
      // Claimed by a page that went away: no page has it in hand.
      ;(await claimNext(db))?.release()
      journal.set(cutOff, fate)
      await queue('waiting', 2)
      const outbox = await started()
      expect(await states()).toEqual({ 'cut off': state, waiting: 'done' })
      expect(sent).toEqual(sends)
      if (fate === 'settled') expect(collected).toContain(cutOff)
      outbox.stop()
    },
  )

  it('tries again at its next turn, and sends nothing once its turns have ended', async () => {
    await queue('waiting', 2)
    answers.set('waiting', failure(bridgeErrorNames.serviceUnreachable, false))
    const outbox = await started()
    expect(sent).toEqual(['waiting'])
    expect(await states()).toEqual({ waiting: 'queued' })

    answers.delete('waiting')
    await outbox.turn()
    expect(await states()).toEqual({ waiting: 'done' })
    expect(sent).toEqual(['waiting', 'waiting'])

    outbox.stop()
    await queue('after', 3)
    await outbox.drain()
    expect(sent).toEqual(['waiting', 'waiting'])
  })
})
