import type { DatabaseMigration } from './databaseMigration'

/**
 * Bulk screening: a job per list, one record per unique address (its state stored as it changes,
 * found by state so a job resumes where it was) and one per input row (for the results table).
 */
export const bulkJobsSchema: DatabaseMigration = {
  version: 8,
  name: 'bulk-jobs',
  stores: {
    bulkJobs: '&id, createdAt, state',
    bulkChecks: '&[jobId+index], [jobId+state]',
    bulkRows: '&[jobId+row]',
  },
}
