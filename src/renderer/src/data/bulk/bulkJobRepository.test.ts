import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { bulkJobOf, pendingBulkChecks } from '../../../../test-support/bulkJobs'
import { storedCheck, walletRecord } from '../../../../test-support/storedChecks'
import { answeredRecordOf } from '../checks/checkAttempts'
import { openAppDatabase, type AppDatabase } from '../database/appDatabase'
import {
  claimChecks,
  createBulkJob,
  getBulkJob,
  setBulkJobState,
  settleAnswered,
} from './bulkJobRepository'

let db: AppDatabase

const answerOf = (address: string, hits: number) => {
  const records = Array.from({ length: hits }, () => walletRecord(address))
  const { environment, check, evidence } = storedCheck('2026-11-24T05:00:00.000Z_x', address, {
    sanctions: records,
  })
  return { environment, check, evidence }
}

beforeEach(async () => {
  db = openAppDatabase(`bulk-repository-${crypto.randomUUID()}`)
  await createBulkJob(db, bulkJobOf({ environment: 'production' }), [], pendingBulkChecks())
})

describe('claiming a job’s addresses', () => {
  it('takes several at once, each running with its attempt on the record before it is sent', async () => {
    const taken = await claimChecks(db, 'job-1', 2)
    expect(taken?.claimed.map(({ check }) => check.address)).toEqual(['0xaaa', '0xbbb'])
    expect(taken?.job.sentCount).toBe(2)
    expect((await getBulkJob(db, 'job-1'))?.sentCount).toBe(2)
    for (const { check, attempt } of taken?.claimed ?? []) {
      expect((await db.bulkChecks.get(['job-1', check.index]))?.state).toBe('running')
      // In History as pending and billed, under the key the address keeps through any resend.
      expect(await db.checks.get(check.checkLocalId ?? '')).toMatchObject({
        outcome: 'pending',
        requestId: check.requestId,
        billed: true,
      })
      expect(attempt.localId).toBe(check.checkLocalId)
    }
    expect((await claimChecks(db, 'job-1', 5))?.claimed).toHaveLength(1)
    expect(await claimChecks(db, 'job-1', 5)).toBeUndefined()
  })

  it('takes nothing from a job that is not running', async () => {
    await setBulkJobState(db, 'job-1', 'paused')
    expect(await claimChecks(db, 'job-1', 3)).toBeUndefined()
    expect(await db.checks.count()).toBe(0)
  })
})

describe('storing answered addresses', () => {
  it('stores their records and outcomes together, counting a new hit once', async () => {
    const { claimed } = (await claimChecks(db, 'job-1', 3))!
    const answered = claimed.map(({ check, attempt }) => {
      const record = answeredRecordOf(attempt, answerOf(check.address, check.index === 1 ? 2 : 0))
      return {
        index: check.index,
        record,
        outcome: { state: 'done' as const, hits: record.totalEntity },
      }
    })
    await settleAnswered(db, 'job-1', answered)
    await settleAnswered(db, 'job-1', answered.slice(1, 2))
    expect(await db.checks.where('outcome').equals('succeeded').count()).toBe(3)
    expect(await db.bulkChecks.get(['job-1', 1])).toMatchObject({ state: 'done', hits: 2 })
    expect((await getBulkJob(db, 'job-1'))?.hitCount).toBe(1)
  })
})
