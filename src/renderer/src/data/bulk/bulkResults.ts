import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { BulkCheck, BulkCheckState, BulkJob, BulkRow } from '../../../../shared/bulk/bulkJob'
import { appDatabase, databaseName, type AppDatabase } from '../database/appDatabase'
import { tableChanges, type TableChanges } from '../database/tableChanges'
import type { CheckRecord } from '../checks/checkRepository'
import { pacedReads } from '../database/pacedReads'
import { bulkMatchOf, type BulkMatch } from '../../../../shared/bulk/bulkMatch'

/** A check's record in History by its key, whatever its outcome. */
export const checkRecordOf = (localId: string): Promise<CheckRecord | undefined> =>
  appDatabase.checks.get(localId)

/** Every job, newest first. */
export const useBulkJobs = (): BulkJob[] | undefined =>
  useLiveQuery(() => appDatabase.bulkJobs.orderBy('createdAt').reverse().toArray(), [])

export type BulkCounts = Record<BulkCheckState, number>

/** A job as its screen shows it while it runs: the job, its addresses and how far they are. */
export interface BulkJobProgress {
  job: BulkJob
  /** Its addresses, by index. */
  checks: BulkCheck[]
  /** How many of its addresses are in each state. */
  counts: BulkCounts
  /** When each finished address was checked: the runner's current rate. */
  checkedAt: string[]
}

/** A job and its addresses in one read, counted here rather than by a query per state. */
export async function readBulkJobProgress(
  db: AppDatabase,
  jobId: string,
): Promise<BulkJobProgress | null> {
  return db.transaction('r', [db.bulkJobs, db.bulkChecks], async () => {
    const job = await db.bulkJobs.get(jobId)
    if (!job) return null
    const checks = await db.bulkChecks
      .where('[jobId+index]')
      .between([jobId, 0], [jobId, Infinity])
      .toArray()
    const counts: BulkCounts = { pending: 0, running: 0, done: 0, failed: 0, unknown: 0, reused: 0 }
    const checkedAt: string[] = []
    for (const check of checks) {
      counts[check.state] += 1
      if (check.state === 'done' && check.checkedAt) checkedAt.push(check.checkedAt)
    }
    return { job, checks, counts, checkedAt }
  })
}

/**
 * Input rows read by one `getAll`: IndexedDB makes each row it returns in the page's task, so
 * 100,000 rows at once held the page for seconds.
 */
export const rowReadSlice = 2_000

/** A job's input rows in their order, read a slice at a time. */
export async function readBulkRows(
  db: AppDatabase,
  jobId: string,
  slice: number = rowReadSlice,
): Promise<BulkRow[]> {
  const rows: BulkRow[] = []
  for (;;) {
    // Rows are numbered as in the input; rows left out (invalid ones) leave gaps.
    const from = (rows.at(-1)?.row ?? -1) + 1
    const read = await db.bulkRows
      .where('[jobId+row]')
      .between([jobId, from], [jobId, Infinity])
      .limit(slice)
      .toArray()
    rows.push(...read)
    if (read.length < slice) return rows
  }
}

/** Progress is shown again at most this often while a job runs. */
export const progressSpacingMs = 250

const bulkJobChanges = tableChanges(databaseName, 'bulkJobs')
const bulkCheckChanges = tableChanges(databaseName, 'bulkChecks')

/**
 * `read(key)`, read again on each change to `changes` (paced: see `pacedReads`); undefined while
 * the first read for this key runs. A failure goes where a live query's would: to the screen's
 * error boundary. `read` and `changes` are the module's own, the same on every render.
 */
function usePacedRead<T>(
  key: string,
  read: (key: string) => Promise<T>,
  changes: readonly TableChanges[],
): T | undefined {
  const [found, setFound] = useState<{ key: string; value: T } | { failed: unknown }>()
  useEffect(() => {
    let current = true
    const reads = pacedReads(
      async () => {
        try {
          const value = await read(key)
          if (current) setFound({ key, value })
        } catch (failed) {
          if (current) setFound({ failed })
        }
      },
      { spacingMs: progressSpacingMs },
    )
    const unsubscribe = changes.map((table) => table.subscribe(reads.ask))
    reads.ask()
    return () => {
      current = false
      reads.stop()
      for (const stop of unsubscribe) stop()
    }
  }, [key, read, changes])
  if (found && 'failed' in found) throw found.failed
  return found && found.key === key ? found.value : undefined
}

const readProgress = (jobId: string) => readBulkJobProgress(appDatabase, jobId)
const progressChanges = [bulkJobChanges, bulkCheckChanges]

/**
 * A job and its addresses, kept current while it runs; null when it is not on this computer. Not
 * a live query: a job changes with every address claimed and settled (a hundred times a second at
 * the service's pace), and a live query reads every address again, and renders, for each.
 */
export const useBulkJobProgress = (jobId: string): BulkJobProgress | null | undefined =>
  usePacedRead(jobId, readProgress, progressChanges)

const readRows = (jobId: string) => readBulkRows(appDatabase, jobId)
const noChanges: readonly TableChanges[] = []

/**
 * A job's input rows: read once, as they never change. Not a live query, which would keep a copy
 * and remember the key of every one of (possibly) 100,000 rows.
 */
export const useBulkRows = (jobId: string): BulkRow[] | undefined =>
  usePacedRead(jobId, readRows, noChanges)

/** An answered check of a job as the results show it: the service's id and what it matched. */
export interface BulkAnswer extends BulkMatch {
  serviceId: string
}

/** The answer of each answered check, by its key in History: for the results table and file. */
export async function bulkAnswersOf(localIds: readonly string[]): Promise<Map<string, BulkAnswer>> {
  const records = await appDatabase.checks.bulkGet([...localIds])
  const answers = new Map<string, BulkAnswer>()
  for (const record of records) {
    if (record?.outcome === 'succeeded') {
      answers.set(record.localId, { serviceId: record.check.id, ...bulkMatchOf(record.check) })
    }
  }
  return answers
}

const answeredIds = (checks: readonly BulkCheck[]): string[] =>
  checks.flatMap((check) => (check.checkLocalId && check.hits ? [check.checkLocalId] : []))

/**
 * What each answered check with hits matched, read again only when another such check is
 * answered (not on every progress change while a job runs); undefined until the first read.
 */
export function useBulkAnswers(
  checks: readonly BulkCheck[] | undefined,
): ReadonlyMap<string, BulkAnswer> | undefined {
  const ids = checks ? answeredIds(checks) : []
  const key = ids.join(',')
  const [found, setFound] = useState<
    { key: string; answers: Map<string, BulkAnswer> } | { failed: unknown }
  >()
  useEffect(() => {
    let current = true
    bulkAnswersOf(key === '' ? [] : key.split(',')).then(
      (answers) => current && setFound({ key, answers }),
      (failed: unknown) => current && setFound({ failed }),
    )
    return () => {
      current = false
    }
  }, [key])
  // A failure goes where a live query's would: to the screen's error boundary.
  if (found && 'failed' in found) throw found.failed
  return found?.answers
}
