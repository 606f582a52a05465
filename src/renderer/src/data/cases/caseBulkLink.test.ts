import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BulkCheck } from '../../../../shared/bulk/bulkJob'
import { bulkJobOf } from '../../../../test-support/bulkJobs'
import { verifyAuditChain } from '../../../../shared/cases/auditChain'
import { replayTrail } from '../../../../shared/cases/replayTrail'
import { fixtureActor } from '../../../../test-support/evidenceFixtures'
import { storedCheck, walletRecord } from '../../../../test-support/storedChecks'
import { openAppDatabase, type AppDatabase } from '../database/appDatabase'
import { linkBulkJob, type BulkJobRecord } from './caseBulkLink'
import { CaseRuleError } from './caseErrors'
import { createCase, linkCheck } from './caseRepository'
import { auditTrailOf } from './caseReads'

const wallets = ['0xaaa', '0xbbb', '0xccc']
const hit = storedCheck('2026-01-02T10:00:00.000Z_a', wallets[0]!, {
  sanctions: [walletRecord(wallets[0]!)],
})
const clean = storedCheck('2026-01-02T10:00:01.000Z_b', wallets[1]!, {})
const failedLocalId = '2026-01-02T10:00:02.000Z_c'

const job = bulkJobOf({
  createdAt: '2026-01-02T09:59:00.000Z',
  actor: { name: fixtureActor.name, email: fixtureActor.email },
  fileName: 'withdrawals.csv',
  fileSha256: 'c0ffee'.padEnd(64, '0'),
  state: 'finished',
  finishedAt: '2026-01-02T10:01:00.000Z',
  rowCount: 5,
  invalidCount: 1,
  duplicateCount: 1,
  sentCount: 3,
  hitCount: 1,
})
const bulkChecks: BulkCheck[] = [
  { localId: hit.localId, state: 'done' as const, hits: 1 },
  { localId: clean.localId, state: 'done' as const, hits: 0 },
  { localId: failedLocalId, state: 'failed' as const },
].map(({ localId, state, hits }, index) => ({
  jobId: job.id,
  index,
  address: wallets[index]!,
  queryKey: wallets[index]!,
  chain: 'ethereum',
  lines: [index + 2],
  state,
  checkLocalId: localId,
  ...(hits === undefined ? {} : { hits }),
}))

let db: AppDatabase

beforeEach(async () => {
  db = openAppDatabase(`bulk-link-${crypto.randomUUID()}`)
  await db.checks.bulkPut([hit, clean])
  await db.bulkJobs.add(job)
  await db.bulkChecks.bulkAdd(bulkChecks)
})

afterEach(async () => {
  db.close()
  await db.delete()
})

const trailOf = (caseId: string) => auditTrailOf(db, caseId).toArray()

describe('linking a bulk job’s checks to a case', () => {
  it('creates the case, links each answered check and records the job with its file hash and counts', async () => {
    const { caseId, record } = await linkBulkJob(
      db,
      fixtureActor,
      { newCase: { title: 'Withdrawals', subject: 'Daily list', description: '' } },
      { jobId: job.id, checkLocalIds: [hit.localId, clean.localId, failedLocalId] },
    )
    const stored = await db.cases.get(caseId)
    expect(stored?.checkIds).toEqual([hit.localId, clean.localId])
    const trail = await trailOf(caseId)
    expect(trail.map((entry) => entry.action)).toEqual([
      'created',
      'check-linked',
      'check-linked',
      'bulk-job-linked',
    ])
    const entry = trail.at(-1)!
    const after = entry.after as BulkJobRecord
    expect(after.fileSha256).toBe(job.fileSha256)
    expect(after.ranBy).toEqual(job.actor)
    expect(after.startedAt).toBe(job.createdAt)
    expect(after.counts).toEqual({
      rows: 5,
      unique: 3,
      done: 2,
      hits: 1,
      failed: 1,
      unknown: 0,
      reused: 0,
      invalid: 1,
    })
    expect(after.linked.map((ref) => ref.localId)).toEqual([hit.localId, clean.localId])
    expect(entry.summary).toContain('Bulk screening of withdrawals.csv linked: 2 checks added')
    expect(record).toEqual(after)
    // The trail stays a chain a bundle verifier can replay.
    expect(verifyAuditChain(trail).intact).toBe(true)
    expect(replayTrail(trail).unreadable).toEqual([])
  })

  it('adds only what an existing case does not have yet, and says so on the trail', async () => {
    const caseId = await createCase(db, fixtureActor, {
      title: 'Exchange',
      subject: 'ACME',
      description: '',
    })
    await linkCheck(db, fixtureActor, caseId, {
      localId: hit.localId,
      query: hit.query,
      fetchedAt: hit.fetchedAt,
    })
    const { record } = await linkBulkJob(
      db,
      fixtureActor,
      { caseId },
      { jobId: job.id, checkLocalIds: [hit.localId, clean.localId, clean.localId] },
    )
    expect(record.linked.map((ref) => ref.localId)).toEqual([clean.localId])
    expect(record.alreadyLinked).toBe(1)
    expect((await db.cases.get(caseId))?.checkIds).toEqual([hit.localId, clean.localId])
  })

  it('stores nothing, not even the new case, when no chosen row has an answered check', async () => {
    const refused = await linkBulkJob(
      db,
      fixtureActor,
      { newCase: { title: 'Nothing', subject: 'None', description: '' } },
      { jobId: job.id, checkLocalIds: [failedLocalId] },
    ).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(CaseRuleError)
    expect(await db.cases.count()).toBe(0)
    expect(await db.auditEntries.count()).toBe(0)
  })
})
