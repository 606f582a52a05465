import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import type { BulkCheck, BulkCheckState, BulkRow } from '../../../../shared/bulk/bulkJob'
import { bulkJobOf } from '../../../../test-support/bulkJobs'
import { openAppDatabase, type AppDatabase } from '../database/appDatabase'
import { createBulkJob } from './bulkJobRepository'
import { readBulkJobProgress, readBulkRows } from './bulkResults'

let db: AppDatabase

beforeEach(() => {
  db = openAppDatabase(`bulk-results-${crypto.randomUUID()}`)
})

/** Input rows numbered `row`, each its own check; `row` 4 and 7 left out, as excluded invalid rows are. */
const rowsOf = (jobId: string, count: number): BulkRow[] =>
  Array.from({ length: count }, (_, row) => row)
    .filter((row) => row !== 4 && row !== 7)
    .map((row) => ({ jobId, row, line: row + 2, cells: [`0x${row}`, `C-${row}`], check: row }))

const checkIn = (index: number, state: BulkCheckState, checkedAt?: string): BulkCheck => ({
  jobId: 'job-1',
  index,
  address: `0x${index}`,
  queryKey: `0x${index}`,
  chain: 'ethereum',
  lines: [index + 2],
  state,
  ...(checkedAt ? { checkedAt } : {}),
})

describe('a job as its screen reads it', () => {
  it('reads every input row, in order, a slice at a time, and none of another job', async () => {
    const rows = rowsOf('job-1', 20)
    // Written and read in slices of 3: slices end inside gaps, on them and at the very end.
    await createBulkJob(db, bulkJobOf({ rowCount: rows.length }), rows, [], 3)
    await createBulkJob(db, bulkJobOf({ id: 'job-2' }), rowsOf('job-2', 5), [])
    expect(await readBulkRows(db, 'job-1', 3)).toEqual(rows)
    expect(await readBulkRows(db, 'job-1', 6)).toEqual(rows)
    expect(await readBulkRows(db, 'job-1')).toEqual(rows)
    expect(await readBulkRows(db, 'no-such-job', 3)).toEqual([])
  })

  it('stores a job whole or not at all, whichever slice of its rows fails', async () => {
    const rows = rowsOf('job-1', 20)
    // The same row twice, in the last slice: the whole transaction is undone.
    await expect(
      createBulkJob(db, bulkJobOf(), [...rows, rows[0]!], [checkIn(0, 'pending')], 3),
    ).rejects.toThrow()
    expect(await db.bulkJobs.count()).toBe(0)
    expect(await db.bulkRows.count()).toBe(0)
    expect(await db.bulkChecks.count()).toBe(0)
  })

  it('counts its addresses by state and lists when the done ones were checked, in one read', async () => {
    await createBulkJob(db, bulkJobOf({ checkCount: 5 }), rowsOf('job-1', 5), [
      checkIn(0, 'done', '2025-01-01T00:00:01.000Z'),
      checkIn(1, 'done', '2025-01-01T00:00:02.000Z'),
      checkIn(2, 'running'),
      checkIn(3, 'reused', '2024-12-31T00:00:00.000Z'),
      checkIn(4, 'pending'),
    ])
    const progress = await readBulkJobProgress(db, 'job-1')
    expect(progress?.job.id).toBe('job-1')
    expect(progress?.checks.map((check) => check.index)).toEqual([0, 1, 2, 3, 4])
    expect(progress?.counts).toEqual({
      pending: 1,
      running: 1,
      done: 2,
      failed: 0,
      unknown: 0,
      reused: 1,
    })
    expect(progress?.checkedAt).toEqual(['2025-01-01T00:00:01.000Z', '2025-01-01T00:00:02.000Z'])
    expect(await readBulkJobProgress(db, 'no-such-job')).toBeNull()
  })
})
