import type {
  BulkCheck,
  BulkCheckState,
  BulkJob,
  BulkJobState,
  BulkRow,
} from '../../../../shared/bulk/bulkJob'
import { isBilledEnvironment, type EnvironmentId } from '../../../../shared/environments'
import {
  onAppDatabase,
  type AppDatabase,
  type CheckAttempt,
  type StoredCheck,
} from '../database/appDatabase'
import { isStoredCheck } from '../database/storedCheck'
import { attemptRecordOf, mayMoveTo } from '../checks/checkAttempts'
import { storedCheckKey } from '../checks/checkRepository'
import { holdRequest } from '../requests/requestOwnership'

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

/** An address claimed to be sent, with the History record written for it before it leaves. */
export interface ClaimedCheck {
  check: BulkCheck
  attempt: CheckAttempt
  /** Lets the request go from this page's hand (see requestOwnership) once its end is stored. */
  release: () => void
}

/**
 * Takes up to `max` pending addresses of a running job to send, in one transaction (with those
 * among them whose answer is already on record, `answered`, to be settled by it, not sent): each is
 * marked running before anything leaves, with the request id and History key it keeps through any resend,
 * and its attempt is on the record (so a check cut off by anything is in History). Returns them
 * with the job as it stands after; none when the job is not running or nothing is pending
 * (whether the budget allows them is the main side's to say).
 */
export async function claimChecks(
  db: AppDatabase,
  jobId: string,
  max: number,
  now: Date = new Date(),
): Promise<
  | {
      claimed: ClaimedCheck[]
      answered: Array<{ check: BulkCheck; record: StoredCheck }>
      job: BulkJob
    }
  | undefined
> {
  return db.transaction('rw', [db.bulkJobs, db.bulkChecks, db.checks], async () => {
    const job = await db.bulkJobs.get(jobId)
    if (!job || job.state !== 'running') return undefined
    const candidates = await checksIn(db, jobId, 'pending').limit(max).toArray()
    if (candidates.length === 0) return undefined
    // One answered already (its answer stored by recovery, read before it was): not sent again.
    const records = await db.checks.bulkGet(candidates.map((next) => next.checkLocalId ?? ''))
    const answered = candidates.flatMap((check, at) => {
      const record = records[at]
      return record && isStoredCheck(record)
        ? [{ check: { ...check, state: 'running' as const }, record }]
        : []
    })
    const settled = new Set(answered.map(({ check }) => check.index))
    const pending = candidates.filter((check) => !settled.has(check.index))
    const claimed = pending.map((next): ClaimedCheck => {
      const requestId = next.requestId ?? crypto.randomUUID()
      const check: BulkCheck = {
        ...next,
        state: 'running',
        requestId,
        checkLocalId: next.checkLocalId ?? storedCheckKey(now.toISOString(), requestId),
      }
      const attempt = attemptRecordOf(
        {
          requestId,
          localId: check.checkLocalId,
          environment: job.environment,
          query: check.address,
          queryKey: check.queryKey,
          billed: isBilledEnvironment(job.environment),
          // A list's checks leave History's search entries to be derived a batch at a time.
          deferSearchTerms: true,
        },
        now,
      )
      return { check, attempt, release: holdRequest(requestId) }
    })
    const sentCount = job.sentCount + claimed.length
    await db.bulkChecks.bulkPut([...claimed, ...answered].map(({ check }) => check))
    await db.checks.bulkPut(claimed.map(({ attempt }) => attempt))
    await db.bulkJobs.update(jobId, { sentCount })
    return { claimed, answered, job: { ...job, sentCount } }
  })
}

/** What became of one address, as the job shows it. */
export type BulkCheckOutcome = Partial<
  Pick<BulkCheck, 'checkedAt' | 'hits' | 'categories' | 'holder' | 'error'>
> & { state: BulkCheckState }

/** An address whose check was answered: its History record and what the job shows of it. */
export interface AnsweredCheck {
  index: number
  record: StoredCheck
  outcome: BulkCheckOutcome
}

/**
 * Stores answered checks of one job in one transaction: their records in History and their
 * outcomes, new hits counted on the job.
 */
export async function settleAnswered(
  db: AppDatabase,
  jobId: string,
  answered: readonly AnsweredCheck[],
): Promise<void> {
  if (answered.length === 0) return
  await db.transaction('rw', [db.bulkJobs, db.bulkChecks, db.checks], async () => {
    const job = await db.bulkJobs.get(jobId)
    const checks = await db.bulkChecks.bulkGet(answered.map(({ index }) => [jobId, index]))
    if (!job) return
    let newHits = 0
    const settled = answered.flatMap(({ outcome }, at) => {
      const check = checks[at]
      if (!check) return []
      if ((outcome.hits ?? 0) > 0 && !((check.hits ?? 0) > 0)) newHits += 1
      return [{ ...check, ...outcome }]
    })
    // An answer already on record (stored by recovery from the journal) stays as it is.
    const current = await db.checks.bulkGet(answered.map(({ record }) => record.localId))
    await db.checks.bulkPut(
      answered
        .filter(({ record }, at) => mayMoveTo(current[at], record.requestId ?? '', true))
        .map(({ record }) => record),
    )
    await db.bulkChecks.bulkPut(settled)
    if (newHits > 0) await db.bulkJobs.update(jobId, { hitCount: job.hitCount + newHits })
  })
}

/** What became of one address; hits counted on the job in the same transaction. */
export async function settleBulkCheck(
  db: AppDatabase,
  jobId: string,
  index: number,
  outcome: BulkCheckOutcome,
): Promise<void> {
  await db.transaction('rw', [db.bulkJobs, db.bulkChecks], async () => {
    const check = await db.bulkChecks.get([jobId, index])
    const job = await db.bulkJobs.get(jobId)
    // Only a running address moves: recovery may act on what it read before the sender stored it.
    if (!check || !job || check.state !== 'running') return
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
  claimChecks,
  settleAnswered,
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
