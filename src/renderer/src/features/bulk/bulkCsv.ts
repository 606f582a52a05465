import Papa from 'papaparse'
import { addressChainNames } from '../../../../shared/address'
import type { BulkCheck, BulkJob, BulkRow } from '../../../../shared/bulk/bulkJob'
import { neutraliseCsvCell } from '../../../../shared/text/csvSafety'
import type { BulkAnswer } from '../../data/bulk/bulkResults'

export const resultColumns = [
  'status',
  'chain',
  'hits',
  'holder',
  'lists',
  'chain on the list',
  'categories',
  'check id',
  'checked at',
  'environment',
  'reused',
  'error',
] as const

/** What a row's result reads as, in the table and the file. */
export function rowStatus(row: BulkRow, check: BulkCheck | undefined): string {
  if (row.check === -1) return row.unrecognised ? 'not sent' : 'invalid'
  if (!check) return 'pending'
  return check.state === 'unknown' ? 'outcome unknown' : check.state
}

/** Why an unrecognised row has no result. */
export const unrecognisedNotSent =
  'Not recognised as an address of a supported chain, and not sent: you did not choose to send such values as they are.'

/** Why a row has no result (quoting a line whose cells could not be told apart), or what went wrong with its check. */
export const problemOf = (row: BulkRow, check: BulkCheck | undefined): string | undefined => {
  if (row.invalidReason !== undefined && row.lineText !== undefined) {
    return `${row.invalidReason} The line reads: ${row.lineText}`
  }
  return row.invalidReason ?? (row.unrecognised ? unrecognisedNotSent : check?.error)
}

/** The chain an address was recognised as, in words; empty for a row that has no check. */
export const chainOf = (row: BulkRow, check: BulkCheck | undefined): string =>
  row.unrecognised || (check && check.chain === null)
    ? 'unrecognised'
    : check?.chain
      ? addressChainNames[check.chain]
      : ''

/** The holders of what a row's address matched: from its answer, else as the job noted them. */
export const holdersOf = (check: BulkCheck | undefined, answer: BulkAnswer | undefined): string =>
  answer ? answer.holders.join('; ') : (check?.holder ?? '')

/** The address column and the columns the user chose to carry through, in the input's order. */
export const csvInputColumns = (job: Pick<BulkJob, 'addressColumn' | 'carryColumns'>): number[] =>
  [...new Set([job.addressColumn, ...job.carryColumns])].sort((a, b) => a - b)

/**
 * The input line, the input columns carried through (every one unless the user chose fewer), then
 * the result of each row: one line per input row, in input order. Every cell is neutralised (a
 * value a spreadsheet would read as a formula starts with a quote; control characters are
 * escaped) and quoted, so opening the file runs nothing that was in the list or in an answer.
 */
export function resultsCsv(
  job: BulkJob,
  rows: readonly BulkRow[],
  checks: readonly BulkCheck[],
  answers: ReadonlyMap<string, BulkAnswer>,
): string {
  const inputColumns = csvInputColumns(job)
  const lines = rows.map((row) => {
    const check = row.check === -1 ? undefined : checks[row.check]
    const answer = check?.checkLocalId ? answers.get(check.checkLocalId) : undefined
    return [
      String(row.line),
      ...inputColumns.map((column) => row.cells[column] ?? ''),
      rowStatus(row, check),
      chainOf(row, check),
      check?.hits === undefined ? '' : String(check.hits),
      holdersOf(check, answer),
      (answer?.lists ?? []).join('; '),
      (answer?.chains ?? []).join('; '),
      (check?.categories ?? []).join(' '),
      answer?.serviceId ?? '',
      check?.checkedAt ?? '',
      job.environment,
      check?.state === 'reused' ? 'yes' : 'no',
      problemOf(row, check) ?? '',
    ].map(neutraliseCsvCell)
  })
  const fields = [
    'line',
    ...inputColumns.map((column) => job.columns[column] ?? ''),
    ...resultColumns,
  ]
  return Papa.unparse(
    { fields: fields.map(neutraliseCsvCell), data: lines },
    { newline: '\r\n', quotes: true },
  )
}
