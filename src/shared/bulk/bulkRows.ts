import type { BulkRow } from './bulkJob'
import type { BulkPlan } from './bulkPlan'
import type { BulkTable } from './bulkTable'

/**
 * A job's input rows, in order, each with its check or why it is not sent: an invalid row its
 * reason (a line whose cells could not be told apart keeps its text instead of cells), an
 * unrecognised value the user did not choose to send its mark. Invalid rows are left out when
 * the user asked for that.
 */
export function rowsOfJob(
  jobId: string,
  table: BulkTable,
  plan: BulkPlan,
  { excludeInvalid }: { excludeInvalid: boolean },
): BulkRow[] {
  const reasons = new Map(plan.invalid.map((row) => [row.row, row.reason]))
  const unsent = new Set(plan.sendsUnrecognised ? [] : plan.unrecognised.map((row) => row.row))
  const rows: BulkRow[] = []
  table.rows.forEach((cells, row) => {
    const reason = reasons.get(row)
    const broken = table.broken.get(row)
    if (reason !== undefined && excludeInvalid) return
    rows.push({
      jobId,
      row,
      line: table.lines[row] ?? 0,
      cells,
      check: plan.rowChecks[row] ?? -1,
      ...(reason !== undefined ? { invalidReason: reason } : {}),
      ...(broken ? { lineText: broken.text } : {}),
      ...(unsent.has(row) ? { unrecognised: true as const } : {}),
    })
  })
  return rows
}
