import type {
  BulkCheck,
  BulkCheckState,
  BulkJob,
  BulkJobState,
  BulkRow,
} from '../../../../shared/bulk/bulkJob'
import type { EnvironmentId } from '../../../../shared/environments'
import {
  isStoredCheck,
  onAppDatabase,
  type AppDatabase,
  type StoredCheck,
} from '../database/appDatabase'
import { storedCheckKey } from '../checks/checkRepository'

/**
 * Rows written by one `bulkAdd`: IndexedDB copies each row as it is added, in the page's task, so
 * 100,000 rows at once held the page for seconds. Each slice is added from the success of the one
 * before (a task of its own), inside the same transaction.
 */
export const rowWriteSlice = 1_000

/** Stores a job with its rows and checks in one transaction: a job is there whole or not at all. */
export async function createBulkJob(
  db: AppDatabase,
  job: BulkJob,
  rows: readonly BulkRow[],
  checks: readonly BulkCheck[],
  slice: number = rowWriteSlice,
): Promise<void> {
  await db.transaction('rw', [db.bulkJobs, db.bulkRows, db.bulkChecks], async () => {
    await db.bulkJobs.add(job)
    for (let from = 0; from < rows.length; from += slice) {
      await db.bulkRows.bulkAdd(rows.slice(from, from + slice))
    }
    await db.bulkChecks.bulkAdd(checks)
  })
}

/**
 * The newest answered check of each of these identifiers in this environment since `since`: what
 * a job may reuse instead of paying again. One range read over the window, not one per wallet.
 */
export async function freshChecksOf(
  db: AppDatabase,
  environment: EnvironmentId,
  queryKeys: ReadonlySet<string>,
  since: string,
): Promise<Map<string, StoredCheck>> {
  const fresh = new Map<string, StoredCheck>()
  await db.checks
    .where('[environment+fetchedAt]')
    .between([environment, since], [environment, '\uffff'])
    .each((record) => {
      if (!isStoredCheck(record) || !queryKeys.has(record.queryKey)) return
      const known = fresh.get(record.queryKey)
      if (!known || known.fetchedAt < record.fetchedAt) fresh.set(record.queryKey, record)
    })
  return fresh
}

const checksIn = (db: AppDatabase, jobId: string, state: BulkCheckState) =>
  db.bulkChecks.where('[jobId+state]').equals([jobId, state])

/**
 * Takes the next pending address of a running job to send, marking it running before anything
 * leaves, with the request id and History key it keeps through any resend, and the job as it
 * stands after (so the sender need not read it again). None when the job is not running or
 * nothing is pending (whether the budget allows it is the main side's to say).
 */
export async function claimNextCheck(
  db: AppDatabase,
  jobId: string,
  now: Date = new Date(),
): Promise<{ check: BulkCheck; job: BulkJob } | undefined> {
  return db.transaction('rw', [db.bulkJobs, db.bulkChecks], async () => {
    const job = await db.bulkJobs.get(jobId)
    if (!job || job.state !== 'running') return undefined
    const next = await checksIn(db, jobId, 'pending').first()
    if (!next) return undefined
    const requestId = next.requestId ?? crypto.randomUUID()
    const claimed: BulkCheck = {
      ...next,
      state: 'running',
      requestId,
      checkLocalId: next.checkLocalId ?? storedCheckKey(now.toISOString(), requestId),
    }
    const sentCount = job.sentCount + 1
    await db.bulkChecks.put(claimed)
    await db.bulkJobs.update(jobId, { sentCount })
    return { check: claimed, job: { ...job, sentCount } }
  })
}

/** What became of one address; hits counted on the job in the same transaction. */
export async function settleBulkCheck(
  db: AppDatabase,
  jobId: string,
  index: number,
  outcome: Partial<Pick<BulkCheck, 'checkedAt' | 'hits' | 'categories' | 'holder' | 'error'>> & {
    state: BulkCheckState
  },
): Promise<void> {
  await db.transaction('rw', [db.bulkJobs, db.bulkChecks], async () => {
    const check = await db.bulkChecks.get([jobId, index])
    const job = await db.bulkJobs.get(jobId)
    if (!check || !job) return
    // Back to pending means it provably never left: it does not count against the budget.
    const unsent = outcome.state === 'pending' && check.state === 'running'
    const newHit = (outcome.hits ?? 0) > 0 && !((check.hits ?? 0) > 0)
    await db.bulkChecks.put({ ...check, ...outcome })
    // The job is written only when its counts change: every write of it is read again by each
    // screen that lists jobs.
    if (!unsent && !newHit) return
    await db.bulkJobs.update(jobId, {
      sentCount: job.sentCount - (unsent ? 1 : 0),
      hitCount: job.hitCount + (newHit ? 1 : 0),
    })
  })
}

export const runningChecksOf = (db: AppDatabase, jobId: string): Promise<BulkCheck[]> =>
  checksIn(db, jobId, 'running').toArray()

export const countChecksIn = (
  db: AppDatabase,
  jobId: string,
  state: BulkCheckState,
): Promise<number> => checksIn(db, jobId, state).count()

export async function setBulkJobState(
  db: AppDatabase,
  jobId: string,
  state: BulkJobState,
  details: Pick<BulkJob, 'stopReason' | 'stoppedAtCap' | 'finishedAt'> = {},
): Promise<void> {
  await db.bulkJobs.update(jobId, { state, waiting: undefined, ...details })
}

export async function setBulkJobWaiting(
  db: AppDatabase,
  jobId: string,
  waiting: string | undefined,
): Promise<void> {
  await db.bulkJobs.update(jobId, { waiting })
}

export const getBulkJob = (db: AppDatabase, jobId: string): Promise<BulkJob | undefined> =>
  db.bulkJobs.get(jobId)

/** Jobs the runner drives, oldest first. */
export const runningBulkJobs = (db: AppDatabase): Promise<BulkJob[]> =>
  db.bulkJobs.where('state').equals('running').sortBy('createdAt')

/** The bulk job repository on the app's database. */
export const bulkJobRepository = onAppDatabase({
  createBulkJob,
  freshChecksOf,
  claimNextCheck,
  settleBulkCheck,
  runningChecksOf,
  countChecksIn,
  setBulkJobState,
  setBulkJobWaiting,
  getBulkJob,
  runningBulkJobs,
})

/** Pause, resume, cancel: what a person asks of a job. A resumed job clears its stop reason. */
export async function changeBulkJob(
  db: AppDatabase,
  jobId: string,
  state: 'running' | 'paused' | 'cancelled',
): Promise<void> {
  await db.bulkJobs.update(jobId, {
    state,
    waiting: undefined,
    ...(state === 'running' ? { stopReason: undefined, stoppedAtCap: undefined } : {}),
  })
}

/**
 * A new budget cap for a job, once the main side accepted it (never at or below what the job has
 * sent), and the job running again when the old cap stopped it.
 */
export async function raiseBulkBudget(
  db: AppDatabase,
  jobId: string,
  budget: number,
): Promise<void> {
  await db.transaction('rw', [db.bulkJobs], async () => {
    const job = await db.bulkJobs.get(jobId)
    if (!job) return
    await db.bulkJobs.update(jobId, {
      budget,
      waiting: undefined,
      ...(job.state === 'stopped'
        ? { state: 'running' as const, stopReason: undefined, stoppedAtCap: undefined }
        : {}),
    })
  })
}

export const bulkJobActions = onAppDatabase({ changeBulkJob, raiseBulkBudget })
