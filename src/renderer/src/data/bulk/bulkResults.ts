import { useLiveQuery } from 'dexie-react-hooks'
import type { BulkCheck, BulkCheckState, BulkJob, BulkRow } from '../../../../shared/bulk/bulkJob'
import { appDatabase } from '../database/appDatabase'
import type { CheckRecord } from '../checks/checkRepository'

/** A check's record in History by its key, whatever its outcome. */
export const checkRecordOf = (localId: string): Promise<CheckRecord | undefined> =>
  appDatabase.checks.get(localId)

/** Every job, newest first. */
export const useBulkJobs = (): BulkJob[] | undefined =>
  useLiveQuery(() => appDatabase.bulkJobs.orderBy('createdAt').reverse().toArray(), [])

export const useBulkJob = (jobId: string | null): BulkJob | null | undefined =>
  useLiveQuery(
    async () => (jobId ? ((await appDatabase.bulkJobs.get(jobId)) ?? null) : null),
    [jobId],
  )

export type BulkCounts = Record<BulkCheckState, number>

const states: readonly BulkCheckState[] = [
  'pending',
  'running',
  'done',
  'failed',
  'unknown',
  'reused',
]

/** How many of a job's addresses are in each state: counted on the index, cheap while it runs. */
export const useBulkCounts = (jobId: string | null): BulkCounts | undefined =>
  useLiveQuery(async () => {
    if (!jobId) return undefined
    const counts = await Promise.all(
      states.map((state) =>
        appDatabase.bulkChecks.where('[jobId+state]').equals([jobId, state]).count(),
      ),
    )
    return Object.fromEntries(
      states.map((state, index) => [state, counts[index] ?? 0]),
    ) as BulkCounts
  }, [jobId])

/** When each of the last finished addresses was checked: the runner's current rate. */
export const useRecentCheckTimes = (jobId: string | null): string[] | undefined =>
  useLiveQuery(async () => {
    if (!jobId) return []
    const done = await appDatabase.bulkChecks
      .where('[jobId+state]')
      .equals([jobId, 'done'])
      .toArray()
    return done.flatMap((check) => (check.checkedAt ? [check.checkedAt] : []))
  }, [jobId])

/** A job's input rows (they never change) and its addresses (live). */
export const useBulkRows = (jobId: string | null): BulkRow[] | undefined =>
  useLiveQuery(
    () =>
      jobId
        ? appDatabase.bulkRows.where('[jobId+row]').between([jobId, 0], [jobId, Infinity]).toArray()
        : [],
    [jobId],
  )

export const useBulkChecks = (jobId: string | null): BulkCheck[] | undefined =>
  useLiveQuery(
    () =>
      jobId
        ? appDatabase.bulkChecks
            .where('[jobId+index]')
            .between([jobId, 0], [jobId, Infinity])
            .toArray()
        : [],
    [jobId],
  )

/** The service's own id of each answered check, by its key in History: for the results file. */
export async function serviceCheckIds(localIds: readonly string[]): Promise<Map<string, string>> {
  const records = await appDatabase.checks.bulkGet([...localIds])
  const ids = new Map<string, string>()
  for (const record of records) {
    if (record?.outcome === 'succeeded') ids.set(record.localId, record.check.id)
  }
  return ids
}
