import Papa from 'papaparse'
import type { HitDecision } from '../cases/caseSchemas'
import type { HitKeys } from '../cases/checkHits'
import { datasetName } from '../records/recordVocabulary'
import { neutraliseCsvCell } from '../text/csvSafety'
import { currentReportLayout, type ReportLayout } from './bundleFormat'
import type { ExportedCheckSummary } from './checkSummary'
import { reportLayoutParts } from './reportLayouts'

export const hitsCsvColumns = [
  'check_folder',
  'check_id',
  'environment',
  'identifier',
  'fetched_at',
  'check_status',
  'category',
  'hit_key',
  'holder',
  'record_title',
  'chain',
  'lists',
  'datasets',
  'decision',
  'rationale',
  'decided_at',
] as const
export type HitsCsvColumn = (typeof hitsCsvColumns)[number]

/** The columns of each layout (see reportLayouts): the first had no holder, chain or lists. */
export const hitsCsvLayoutColumns: Record<ReportLayout, readonly HitsCsvColumn[]> = {
  1: hitsCsvColumns.filter((column) => !['holder', 'chain', 'lists'].includes(column)),
  2: hitsCsvColumns,
  3: hitsCsvColumns,
  4: hitsCsvColumns,
}

export type DecisionOf = (checkId: string, hit: HitKeys) => HitDecision | undefined

/**
 * One row per hit of every check, in the bundle's order, with its decision (empty when
 * undecided): the values as they are, which the exporter writes and the verifier expects.
 */
export function hitsCsvRows(
  checks: readonly ExportedCheckSummary[],
  decisionOf: DecisionOf,
  layout: ReportLayout = currentReportLayout,
): Array<Record<HitsCsvColumn, string>> {
  const { hitKey } = reportLayoutParts[layout]
  return checks.flatMap((check) =>
    check.hits.map((hit) => {
      const decision = decisionOf(check.localId, hit)
      return {
        check_folder: check.folder,
        check_id: check.checkId,
        environment: check.environment,
        identifier: check.query,
        fetched_at: check.fetchedAt,
        check_status: check.status,
        category: hit.category,
        hit_key: hitKey(hit),
        holder: hit.holder,
        record_title: hit.title,
        chain: hit.chains.join('; '),
        lists: hit.datasets.map(datasetName).join('; '),
        datasets: hit.datasets.join('; '),
        decision: decision?.decision ?? '',
        rationale: decision?.rationale ?? '',
        decided_at: decision?.decidedAt ?? '',
      }
    }),
  )
}

/**
 * hits.csv. Every cell is neutralised and quoted, so a rationale or a record title that begins
 * like a formula opens as text in a spreadsheet; the answer itself is kept byte for byte in each
 * check's response.raw, and the verifier reads these cells back to what they stood for.
 */
export function hitsCsv(checks: readonly ExportedCheckSummary[], decisionOf: DecisionOf): string {
  const rows = hitsCsvRows(checks, decisionOf).map((row) =>
    hitsCsvColumns.map((column) => neutraliseCsvCell(row[column])),
  )
  // Papa, which runs in the renderer too, where the verifier reads these rows.
  const csv = Papa.unparse(
    { fields: [...hitsCsvColumns], data: rows },
    { quotes: true, newline: '\n', header: true },
  )
  // Papa ends a file of no rows after its header, and one of rows without a line break.
  return csv.endsWith('\n') ? csv : `${csv}\n`
}
