import { stringify } from 'csv-stringify/sync'
import type { HitDecision } from '../../../shared/cases/caseSchemas'
import type { ExportedCheckSummary } from './exportModel'

const columns = [
  'check_folder',
  'check_id',
  'environment',
  'identifier',
  'fetched_at',
  'check_status',
  'category',
  'hit_key',
  'record_title',
  'datasets',
  'decision',
  'rationale',
  'decided_at',
] as const

/** One row per hit of every linked check, with its decision (empty when undecided). */
export function hitsCsv(
  checks: readonly ExportedCheckSummary[],
  decisionOf: (checkId: string, hitKey: string) => HitDecision | undefined,
): string {
  const rows: string[][] = []
  for (const check of checks) {
    for (const hit of check.hits) {
      const decision = decisionOf(check.localId, hit.hitKey)
      rows.push([
        check.folder,
        check.checkId,
        check.environment,
        check.query,
        check.fetchedAt,
        check.status,
        hit.category,
        hit.hitKey,
        hit.title,
        hit.datasets.join('; '),
        decision?.decision ?? '',
        decision?.rationale ?? '',
        decision?.decidedAt ?? '',
      ])
    }
  }
  // Values stay exactly as received (no formula-guard prefix): this file is evidence, and its
  // hash must match what the service sent. report.html is the place to read it safely.
  return stringify(rows, { header: true, columns: [...columns] })
}
