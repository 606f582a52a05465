import Papa from 'papaparse'
import type { BulkCheck, BulkJob, BulkRow } from '../../../../shared/bulk/bulkJob'

export const resultColumns = [
  'status',
  'hits',
  'categories',
  'check id',
  'checked at',
  'environment',
  'reused',
  'error',
] as const

/** What a row's result reads as, in the table and the file. */
export function rowStatus(row: BulkRow, check: BulkCheck | undefined): string {
  if (row.check === -1) return 'invalid'
  if (!check) return 'pending'
  return check.state === 'unknown' ? 'outcome unknown' : check.state
}

/** The address column and the columns the user chose to carry through, in the input's order. */
export const csvInputColumns = (job: Pick<BulkJob, 'addressColumn' | 'carryColumns'>): number[] =>
  [...new Set([job.addressColumn, ...job.carryColumns])].sort((a, b) => a - b)

/**
 * The input columns carried through (the address and those chosen), then the result of each row:
 * one line per input row, in input order.
 */
export function resultsCsv(
  job: BulkJob,
  rows: readonly BulkRow[],
  checks: readonly BulkCheck[],
  serviceIds: ReadonlyMap<string, string>,
): string {
  const inputColumns = csvInputColumns(job)
  const lines = rows.map((row) => {
    const check = row.check === -1 ? undefined : checks[row.check]
    return [
      ...inputColumns.map((column) => row.cells[column] ?? ''),
      rowStatus(row, check),
      check?.hits === undefined ? '' : String(check.hits),
      (check?.categories ?? []).join(' '),
      check?.checkLocalId ? (serviceIds.get(check.checkLocalId) ?? '') : '',
      check?.checkedAt ?? '',
      job.environment,
      check?.state === 'reused' ? 'yes' : 'no',
      row.invalidReason ?? check?.error ?? '',
    ]
  })
  return Papa.unparse(
    {
      fields: [...inputColumns.map((column) => job.columns[column] ?? ''), ...resultColumns],
      data: lines,
    },
    { newline: '\r\n' },
  )
}
