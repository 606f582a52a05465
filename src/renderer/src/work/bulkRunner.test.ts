import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { bridgeErrorNames } from '../../../shared/bridge'
import type { RequestFate } from '../../../shared/bridge/requestsContract'
import type { BulkCheck } from '../../../shared/bulk/bulkJob'
import { BridgeCallError } from '../bridge/bridgeClient'
import {
  claimChecks,
  countChecksIn,
  createBulkJob,
  getBulkJob,
  raiseBulkBudget,
  runningBulkJobs,
  runningChecksOf,
  setBulkJobState,
  setBulkJobWaiting,
  settleAnswered,
  settleBulkCheck,
} from '../data/bulk/bulkJobRepository'
import { pendingAttempts, settleAttempt } from '../data/checks/checkAttempts'
import { requestsInHand } from '../data/requests/requestOwnership'
import { recoverBulkChecks } from './recovery'
import { journalFates } from '../../../test-support/journalFates'
import { openAppDatabase, type AppDatabase } from '../data/database/appDatabase'
import { bulkAddresses, bulkJobOf, pendingBulkChecks } from '../../../test-support/bulkJobs'
import { storedCheck, walletRecord } from '../../../test-support/storedChecks'
import { createBulkRunner, type BulkRunnerPorts } from './bulkRunner'

let db: AppDatabase
let sent: string[]
let journal: Map<string, RequestFate['state'] | RequestFate>
let failWith: Map<string, BridgeCallError>
/** Answers the service holds back until the test lets them go. */
let heldBack: Map<string, Promise<void>>

const job = bulkJobOf
const addresses = bulkAddresses
const checks = pendingBulkChecks

const runner = (
  repository: Partial<BulkRunnerPorts['repository']> = {},
  ports: Partial<Omit<BulkRunnerPorts, 'repository'>> = {},
) =>
  createBulkRunner({
    repository: {
      claimChecks: (jobId, max) => claimChecks(db, jobId, max),
      settleAnswered: (jobId, answered) => settleAnswered(db, jobId, answered),
      settleBulkCheck: (jobId, index, outcome) => settleBulkCheck(db, jobId, index, outcome),
      runningChecksOf: (jobId) => runningChecksOf(db, jobId),
      countChecksIn: (jobId, state) => countChecksIn(db, jobId, state),
      setBulkJobState: (jobId, state, details) => setBulkJobState(db, jobId, state, details),
      setBulkJobWaiting: (jobId, waiting) => setBulkJobWaiting(db, jobId, waiting),
      getBulkJob: (jobId) => getBulkJob(db, jobId),
      runningBulkJobs: () => runningBulkJobs(db),
      ...repository,
    },
    search: async (check) => {
      sent.push(check.address)
      await heldBack.get(check.address)
      const failure = failWith.get(check.address)
      if (failure) throw failure
      const categories = { sanctions: check.address === '0xbbb' ? [walletRecord('0xbbb')] : [] }
      const {
        environment,
        check: answer,
        evidence,
      } = storedCheck(`${new Date().toISOString()}_x`, check.address, categories)
      return { environment, check: answer, evidence }
    },
    // Every refusal these tests choose provably never left: its attempt is not kept.
    recordFailure: async (attempt) => {
      await db.checks.delete(attempt.localId)
    },
    recover: (jobId) =>
      recoverBulkChecks(
        {
          attempts: {
            pendingAttempts: () => pendingAttempts(db),
            settleAttempt: (attempt, end) => settleAttempt(db, attempt, end),
          },
          outbox: { runningItems: async () => [], settle: async () => {} },
          bulk: {
            runningChecksOf: (id) => runningChecksOf(db, id),
            settleBulkCheck: (id, index, outcome) => settleBulkCheck(db, id, index, outcome),
          },
          readCheck: (localId) => db.checks.get(localId),
          inHand: requestsInHand,
          askFates: journalFates((requestId) => journal.get(requestId)),
          collect: async () => {},
          saveEntity: async () => {},
        },
        jobId,
      ),
    collect: async () => {},
    wait: async () => {},
    concurrency: 2,
    ...ports,
  })

/** Claimed by a page that went away before their ends were stored: no page has them in hand. */
const claimedByStoppedPage = async (max: number) => {
  const { claimed } = (await claimChecks(db, 'job-1', max))!
  for (const { release } of claimed) release()
  return claimed
}

beforeEach(() => {
  db = openAppDatabase(`bulk-${crypto.randomUUID()}`)
  sent = []
  journal = new Map()
  failWith = new Map()
  heldBack = new Map()
})

describe('the bulk runner', () => {
  it('sends each address once, stores its outcome, and finishes the job', async () => {
    await createBulkJob(db, job(), [], checks())
    await runner().drive()
    expect([...sent].sort()).toEqual(addresses)
    expect((await getBulkJob(db, 'job-1'))?.state).toBe('finished')
    expect(await countChecksIn(db, 'job-1', 'done')).toBe(3)
    expect((await getBulkJob(db, 'job-1'))?.hitCount).toBe(1)
    const hit = await db.bulkChecks.get(['job-1', 1])
    expect(hit?.categories).toEqual(['sanctions'])
    expect(await db.checks.count()).toBe(3)
  })

  it('stores an answer while the job waits for the others on their way', async () => {
    const four = [...checks(), { ...checks()[0]!, index: 3, address: '0xddd', queryKey: '0xddd' }]
    await createBulkJob(db, job({ checkCount: 4 }), [], four)
    let letGo = (): void => {}
    const slow = new Promise<void>((resolve) => (letGo = resolve))
    for (const address of ['0xbbb', '0xccc', '0xddd']) heldBack.set(address, slow)
    const driving = runner({}, { concurrency: 4 }).drive()
    // Three of four still on their way: the job claims nothing more, yet the first answer shows.
    await vi.waitFor(async () =>
      expect((await db.bulkChecks.get(['job-1', 0]))?.state).toBe('done'),
    )
    expect(await countChecksIn(db, 'job-1', 'running')).toBe(3)
    letGo()
    await driving
    expect(await countChecksIn(db, 'job-1', 'done')).toBe(4)
  })

  it('never sends again an address whose answer is already on record, nor writes over that answer', async () => {
    const answered = storedCheck('2026-11-26T10:00:00.000Z_answered', '0xbbb', {
      sanctions: [walletRecord('0xbbb')],
    })
    // Put back to be sent by a recovery that read it before its answer was stored.
    await createBulkJob(
      db,
      job(),
      [],
      checks().map((check) =>
        check.address === '0xbbb'
          ? { ...check, requestId: answered.requestId, checkLocalId: answered.localId }
          : check,
      ),
    )
    await db.checks.put(answered)
    await runner().drive()
    expect([...sent].sort()).toEqual(['0xaaa', '0xccc'])
    expect(await db.checks.get(answered.localId)).toEqual(answered)
    expect((await db.bulkChecks.get(['job-1', 1]))?.state).toBe('done')
    expect((await getBulkJob(db, 'job-1'))?.state).toBe('finished')
  })

  it('after a reload, resends only what never left and marks the rest outcome unknown', async () => {
    await createBulkJob(db, job(), [], checks())
    // A page that stopped with two sends on their way: one never left, one may have.
    const [first, second] = (await claimedByStoppedPage(2)).map(({ check }) => check)
    if (!first || !second) throw new Error('two addresses were not claimed')
    journal.set(first.requestId!, 'neverSent')
    journal.set(second.requestId!, 'mayHaveLeft')
    await runner().drive()
    expect([...sent].sort()).toEqual([first.address, '0xccc'].sort())
    const unknown = await db.bulkChecks.get(['job-1', second.index])
    expect(unknown?.state).toBe('unknown')
    expect(unknown?.error).toContain('may have been billed')
    expect((await db.bulkChecks.get(['job-1', first.index]))?.state).toBe('done')
    // The resend kept its key: one row in History for it.
    expect(await db.checks.count()).toBe(3)
    expect((await getBulkJob(db, 'job-1'))?.state).toBe('finished')
  })

  it('after a reload, sends again an address whose reply, seen only by recovery, was a refusal that passes', async () => {
    await createBulkJob(db, job(), [], checks())
    // The page went while the service answered 429: the journal kept that reply for recovery.
    const cut = (await claimedByStoppedPage(1))[0]!.check
    journal.set(cut.requestId!, {
      requestId: cut.requestId!,
      state: 'settled',
      reply: {
        ok: false,
        error: {
          name: bridgeErrorNames.rateLimited,
          message: 'Slow down.',
          status: 429,
          mayHaveReachedService: false,
        },
      },
    })
    await runner().drive()
    expect([...sent].sort()).toEqual(addresses)
    expect(await countChecksIn(db, 'job-1', 'failed')).toBe(0)
    expect(await countChecksIn(db, 'job-1', 'done')).toBe(3)
    expect((await getBulkJob(db, 'job-1'))?.state).toBe('finished')
  })

  it('clears the message of a wait once it moves on, not writing the job again after every address', async () => {
    const many = Array.from({ length: 12 }, (_, index): BulkCheck => ({
      ...checks()[0]!,
      index,
      address: `0x${index}`,
      queryKey: `0x${index}`,
    }))
    await createBulkJob(db, job({ checkCount: many.length }), [], many)
    failWith.set(
      '0x0',
      new BridgeCallError({
        name: bridgeErrorNames.rateLimited,
        message: 'Slow down.',
        retryAfterS: 1,
        mayHaveReachedService: false,
      }),
    )
    const written: Array<string | undefined> = []
    await runner({
      setBulkJobWaiting: async (jobId, waiting) => {
        written.push(waiting)
        // The service takes the next one.
        failWith.clear()
        await setBulkJobWaiting(db, jobId, waiting)
      },
    }).drive()
    expect((await getBulkJob(db, 'job-1'))?.state).toBe('finished')
    expect(await countChecksIn(db, 'job-1', 'done')).toBe(12)
    expect(written[0]).toBe('The service asked to slow down.')
    // Cleared by the sends that found it set (one a worker at most), not by each of the twelve.
    expect(written.slice(1)).toContain(undefined)
    expect(written.length - 1).toBeLessThanOrEqual(2)
  })

  it('stops on a 402 with a sentence saying why, keeping what is done', async () => {
    await createBulkJob(db, job(), [], checks())
    failWith.set(
      '0xbbb',
      new BridgeCallError({
        name: bridgeErrorNames.paymentRequired,
        message: 'Insufficient fund',
        mayHaveReachedService: false,
      }),
    )
    await runner().drive()
    const stopped = await getBulkJob(db, 'job-1')
    expect(stopped?.state).toBe('stopped')
    expect(stopped?.stopReason).toContain('no funds left')
    // Counted once the answer on its way beside the refused one was back and stored.
    expect(stopped?.stopReason).toContain('(1 check done so far is kept)')
    expect((await db.bulkChecks.get(['job-1', 0]))?.state).toBe('done')
    expect((await db.bulkChecks.get(['job-1', 1]))?.state).toBe('pending')
  })

  it('stops where the main side refuses a check at the cap, keeping that address pending', async () => {
    await createBulkJob(db, job({ environment: 'production', budget: 2 }), [], checks())
    failWith.set(
      '0xccc',
      new BridgeCallError({
        name: bridgeErrorNames.budgetReached,
        message: 'Nothing was sent: this bulk job has sent its budget cap of 2 billed checks.',
        mayHaveReachedService: false,
      }),
    )
    await runner().drive()
    const stopped = await getBulkJob(db, 'job-1')
    expect(stopped).toMatchObject({
      state: 'stopped',
      stopReason:
        'The budget cap of 2 billed checks is reached: 1 addresses were not sent. Raise the cap to go on.',
      stoppedAtCap: true,
      sentCount: 2,
    })
    expect(await countChecksIn(db, 'job-1', 'done')).toBe(2)
    expect((await db.bulkChecks.get(['job-1', 2]))?.state).toBe('pending')

    // A higher cap, accepted by the main side, lets the job go on to the end.
    failWith.clear()
    await raiseBulkBudget(db, 'job-1', 3)
    const resumed = await getBulkJob(db, 'job-1')
    expect(resumed?.state).toBe('running')
    expect(resumed?.stoppedAtCap).toBeUndefined()
    await runner().drive()
    expect(await getBulkJob(db, 'job-1')).toMatchObject({ state: 'finished', sentCount: 3 })
  })

  it('stops with the main side’s sentence when it has no cap on record for the job', async () => {
    await createBulkJob(db, job({ environment: 'production', budget: null }), [], checks())
    const noRecord = 'Nothing was sent: Compliance Desk has no confirmed budget on record.'
    failWith.set(
      '0xaaa',
      new BridgeCallError({
        name: bridgeErrorNames.notOptedIn,
        message: noRecord,
        mayHaveReachedService: false,
      }),
    )
    await runner().drive()
    expect(await getBulkJob(db, 'job-1')).toMatchObject({
      state: 'stopped',
      stopReason: noRecord,
      stoppedAtCap: true,
    })
    expect((await db.bulkChecks.get(['job-1', 0]))?.state).toBe('pending')
  })

  it('leaves the decision to the main side: a check it lets through is sent, whatever the cap shown', async () => {
    await createBulkJob(db, job({ environment: 'production', budget: 1 }), [], checks())
    await runner().drive()
    expect(sent).toHaveLength(3)
    expect((await getBulkJob(db, 'job-1'))?.state).toBe('finished')
  })
})
