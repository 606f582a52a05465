import type { BulkCheck, BulkJob } from '../shared/bulk/bulkJob'

/** A bulk job of three addresses on the Local sandbox, running, with what a test changes. */
export const bulkJobOf = (overrides: Partial<BulkJob> = {}): BulkJob => ({
  id: 'job-1',
  createdAt: '2025-01-01T00:00:00.000Z',
  actor: null,
  fileName: 'list.csv',
  fileSha256: 'ab',
  environment: 'local',
  columns: ['address'],
  addressColumn: 0,
  carryColumns: [],
  freshnessHours: null,
  budget: null,
  state: 'running',
  rowCount: 3,
  checkCount: 3,
  invalidCount: 0,
  duplicateCount: 0,
  reusedCount: 0,
  sentCount: 0,
  hitCount: 0,
  ...overrides,
})

/** The three addresses of `bulkJobOf`'s job. */
export const bulkAddresses = ['0xaaa', '0xbbb', '0xccc']

/** A job's addresses, each pending, one a line. */
export const pendingChecksOf = (jobId: string, addresses: readonly string[]): BulkCheck[] =>
  addresses.map((address, index) => ({
    jobId,
    index,
    address,
    queryKey: address,
    chain: null,
    lines: [index + 1],
    state: 'pending',
  }))

/** `bulkJobOf`'s addresses, each pending, one a line. */
export const pendingBulkChecks = (): BulkCheck[] => pendingChecksOf('job-1', bulkAddresses)
