import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { BulkCheck } from '../../../../shared/bulk/bulkJob'
import { planBulk } from '../../../../shared/bulk/bulkPlan'
import { rowsOfJob } from '../../../../shared/bulk/bulkRows'
import { readBulkTable } from '../../../../shared/bulk/bulkTable'
import { readNeutralisedCsvCell } from '../../../../shared/text/csvSafety'
import { bulkJobOf } from '../../../../test-support/bulkJobs'
import type { BulkAnswer } from '../../data/bulk/bulkResults'
import { resultsCsv } from './bulkCsv'

const ether = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const tron = 'TAoLw5yD5XUoHWeBZRSZ1ExK9HMv2CiPvP'
const payloads = ["=cmd|' /C calc'!A0", '+1+1', '@SUM(1,1)', '-1', '\tSUM(1)', 'a\r\nb']

/** A list whose labels are formulas, with an invalid formula address and a row too wide. */
const list = [
  'Customer,Address,Label',
  ...payloads.map((label, index) => `C-${index},${index % 2 ? tron : ether},"${label}"`),
  '@ref,"=HYPERLINK(""http://x"",""open"")",x',
  `C-9,tron,${tron},one too many`,
].join('\r\n')

const answer: BulkAnswer = {
  serviceId: '=2+5',
  holders: ['=HYPERLINK("http://evil","Sim, Hyon Sop")'],
  lists: ['US OFAC SDN list'],
  chains: ['ETH'],
}

const results = () => {
  const table = readBulkTable(list)
  const plan = planBulk(table, 1)
  const job = bulkJobOf({ columns: table.columns, addressColumn: 1, carryColumns: [0, 2] })
  const rows = rowsOfJob(job.id, table, plan, { excludeInvalid: false })
  const checks: BulkCheck[] = plan.checks.map((check, index) => ({
    jobId: job.id,
    index,
    ...check,
    lines: [],
    state: 'done',
    hits: index === 0 ? 1 : 0,
    checkLocalId: `local-${index}`,
    categories: index === 0 ? ['-sanctions'] : [],
    holder: index === 0 ? '@holder' : undefined,
  }))
  const csv = resultsCsv(job, rows, checks, new Map([['local-0', answer]]))
  return Papa.parse<string[]>(csv, { newline: '\r\n' }).data
}

describe('the bulk results file', () => {
  it('holds no cell a spreadsheet would run as a formula', () => {
    for (const row of results()) {
      for (const cell of row) {
        expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/)
        expect(cell).not.toMatch(/[\r\n\t]/)
      }
    }
  })

  it('reads back as the input was: every column, its line, holder, lists and chain', () => {
    const [header, ...rows] = results().map((row) => row.map(readNeutralisedCsvCell))
    expect(header?.slice(0, 4)).toEqual(['line', 'Customer', 'Address', 'Label'])
    const at = (name: string) => header!.indexOf(name)
    // The last label runs over two lines, so the rows after it start a line later.
    expect(rows.map((row) => row[at('line')])).toEqual(['2', '3', '4', '5', '6', '7', '9', '10'])
    expect(rows.slice(0, payloads.length).map((row) => row[at('Label')])).toEqual(payloads)
    expect(rows[0]?.[at('holder')]).toBe(answer.holders[0])
    expect(rows[0]?.[at('lists')]).toBe('US OFAC SDN list')
    expect(rows[0]?.[at('chain on the list')]).toBe('ETH')
    expect(rows[0]?.[at('chain')]).toBe('Ethereum')
    expect(rows[1]?.[at('chain')]).toBe('Tron')
    expect(rows[6]?.[at('status')]).toBe('invalid')
    expect(rows[6]?.[at('Customer')]).toBe('@ref')
    // The row one column too wide is reported, quoted, and never read shifted.
    expect(rows[7]?.[at('status')]).toBe('invalid')
    expect(rows[7]?.[at('Address')]).toBe('')
    expect(rows[7]?.[at('error')]).toMatch(
      /4 cells where the header has 3.*The line reads: C-9,tron,T/,
    )
  })
})
