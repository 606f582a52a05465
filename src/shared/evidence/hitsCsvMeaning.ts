import Papa from 'papaparse'
import type { HitDecision } from '../cases/caseSchemas'
import { decisionOnHit, type HitKeys } from '../cases/checkHits'
import { readNeutralisedCsvCell } from '../text/csvSafety'
import { bundlePaths, type ReportLayout } from './bundleFormat'
import type { ExportedCheckSummary } from './checkSummary'
import { hitsCsvLayoutColumns, hitsCsvRows, type HitsCsvColumn } from './hitsCsv'
import { decisionLabel, decisionSubject, meaningProblem } from './meaningProblems'
import type { BundleProblem } from './bundleProblems'

type HitsCsvRow = Record<HitsCsvColumn, string>

/** What describes the hit and its check: each must be what the raw answer gives. */
const describingColumns = (columns: readonly HitsCsvColumn[]): HitsCsvColumn[] =>
  columns.filter(
    (column) =>
      !['check_folder', 'hit_key', 'decision', 'rationale', 'decided_at'].includes(column),
  )

interface ExpectedRow {
  row: HitsCsvRow
  subject: string
  /** Rows still owed: a check may list the same record twice, and each is a row. */
  owed: number
}

const rowKey = (folder: string, hitKey: string): string => JSON.stringify([folder, hitKey])

/**
 * A cell read back to the value it stands for. Layout 1 was written both ways by the releases
 * that used it, values as they were and later neutralised, so there a cell that is no neutralised
 * writing is read as it stands (a value that was written as it stood and happens to read as a
 * neutralised one is the one case this misreads, and then fails, never passes).
 */
const readCell = (cell: string, layout: ReportLayout): string => {
  try {
    return readNeutralisedCsvCell(cell)
  } catch (error) {
    if (layout === 1) return cell
    throw error
  }
}

/** A row's cells read back to the values they stand for, or the first column that is not ours. */
function readRow(
  row: HitsCsvRow,
  columns: readonly HitsCsvColumn[],
  layout: ReportLayout,
): HitsCsvRow | HitsCsvColumn {
  const values = {} as HitsCsvRow
  for (const column of columns) {
    try {
      values[column] = readCell(row[column], layout)
    } catch {
      return column
    }
  }
  return values
}

/**
 * hits.csv has one row per hit of the bundle's checks as their raw answers give them, each row
 * saying of its check and hit what the raw answer says, and carrying the decision the audit trail
 * arrives at for that hit, its rationale and time; a hit without one has them empty. Every cell
 * must be written as the exporter writes it (neutralised, so none opens as a live formula), in
 * the columns of the bundle's layout.
 */
export function checkHitsCsv(
  files: ReadonlyMap<string, Uint8Array>,
  checks: readonly ExportedCheckSummary[],
  caseId: string,
  decisions: ReadonlyMap<string, HitDecision>,
  layout: ReportLayout,
  problems: BundleProblem[],
): void {
  const columns = hitsCsvLayoutColumns[layout]
  const say = (detail: string) => problems.push(meaningProblem(bundlePaths.hitsCsv, detail))
  const bytes = files.get(bundlePaths.hitsCsv)
  if (!bytes) {
    say('is not in the bundle, so it cannot be checked')
    return
  }
  const decisionOf = (checkId: string, hit: HitKeys) =>
    decisionOnHit(decisions, caseId, checkId, hit)
  const expected = new Map<string, ExpectedRow>()
  const byFolder = new Map(checks.map((check) => [check.folder, check]))
  for (const row of hitsCsvRows(checks, decisionOf, layout)) {
    const key = rowKey(row.check_folder, row.hit_key)
    const check = byFolder.get(row.check_folder)
    const subject = decisionSubject({
      recordTitle: row.record_title,
      checkId: check?.localId ?? '',
    })
    expected.set(key, { row, subject, owed: (expected.get(key)?.owed ?? 0) + 1 })
  }
  const csv = Papa.parse<HitsCsvRow>(new TextDecoder().decode(bytes), {
    header: true,
    delimiter: ',',
    skipEmptyLines: true,
  })
  const [error] = csv.errors
  if (error) {
    say(
      `is not readable CSV: ${error.message}${error.row === undefined ? '' : ` (row ${error.row + 1})`}`,
    )
    return
  }
  const absent = columns.filter((column) => !csv.meta.fields?.includes(column))
  if (absent.length > 0) {
    say(`has no ${absent.join(', ')} column`)
    return
  }
  csv.data.forEach((cells, index) => {
    const row = readRow(cells, columns, layout)
    if (typeof row === 'string') {
      say(
        `row ${index + 1} has a ${row} cell that is not written as Compliance Desk writes one (a spreadsheet could run it as a formula)`,
      )
      return
    }
    const wanted = expected.get(rowKey(row.check_folder, row.hit_key))
    if (!wanted) {
      say(
        `row ${index + 1} is hit ${row.hit_key} of check folder ${row.check_folder}, which no check of the bundle has`,
      )
      return
    }
    const { subject } = wanted
    if (wanted.owed === 0) {
      say(`has more rows for ${subject} than the check has hits`)
      return
    }
    wanted.owed -= 1
    for (const column of describingColumns(columns)) {
      if (row[column] !== wanted.row[column]) {
        say(
          `row ${index + 1} gives ${subject} the ${column} “${row[column]}”, its response.raw “${wanted.row[column]}”`,
        )
      }
    }
    if (row.decision !== wanted.row.decision) {
      say(
        `says ${decisionLabel(row.decision)} for ${subject}, the audit trail says ${decisionLabel(wanted.row.decision)}`,
      )
      return
    }
    const differing = (['rationale', 'decided_at'] as const).filter(
      (column) => row[column] !== wanted.row[column],
    )
    if (differing.length > 0) {
      say(`differs from the audit trail on ${subject} (${differing.join(', ')})`)
    }
  })
  for (const { subject, owed } of expected.values()) {
    if (owed > 0) say(`has no row for ${subject}`)
  }
}
