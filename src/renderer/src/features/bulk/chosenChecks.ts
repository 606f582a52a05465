import type { BulkCheck } from '../../../../shared/bulk/bulkJob'

/** Which of a job's addresses an action takes: the selected rows', those with hits, or all. */
export type BulkChoice = 'selected' | 'hits' | 'all'

/** An address with its answer in History: run by the job, or an earlier check it reused. */
export type AnsweredBulkCheck = BulkCheck & { checkLocalId: string }

/** The answered checks of the addresses a choice names. */
export const chosenChecks = (
  checks: readonly BulkCheck[],
  which: BulkChoice,
  selected: ReadonlySet<number>,
): AnsweredBulkCheck[] =>
  checks.filter(
    (check): check is AnsweredBulkCheck =>
      (which === 'all' ||
        (which === 'selected' ? selected.has(check.index) : (check.hits ?? 0) > 0)) &&
      check.checkLocalId !== undefined &&
      (check.state === 'done' || check.state === 'reused'),
  )

/** What the user is offered first: their selection when they made one, else the hits. */
export const firstChoice = (selected: ReadonlySet<number>): 'selected' | 'hits' =>
  selected.size > 0 ? 'selected' : 'hits'
