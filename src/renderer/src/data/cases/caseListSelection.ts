import { caseNumber } from '../../../../shared/cases/caseNumber'
import {
  caseOutcomes,
  type CaseOutcome,
  type CaseRecord,
  type CaseState,
} from '../../../../shared/cases/caseSchemas'
import type { CaseSummary, TeamCaseRow } from '../database/appDatabase'
import {
  inCaseQueue,
  sharedStandingOf,
  type CaseQueue,
  type SharedCaseStanding,
} from './caseQueues'
import { emptySummary } from './caseSummaries'

export const caseSorts = ['updated', 'created', 'title'] as const
export type CaseSort = (typeof caseSorts)[number]

/** By what the case's hits say, or by the outcome a closed case was closed with. */
export type CaseOutcomeFilter =
  'all' | 'with_hits' | 'no_hits' | 'to_decide' | 'true_match' | `closed_${CaseOutcome}`

export interface CaseListFilters {
  text: string
  state: CaseState | 'all'
  outcome: CaseOutcomeFilter
  sort: CaseSort
  /** A team's queue of shared cases (see caseQueues): only for a desk in a team. */
  queue: CaseQueue | 'all'
}

export const noCaseListFilters: CaseListFilters = {
  text: '',
  state: 'all',
  outcome: 'all',
  sort: 'updated',
  queue: 'all',
}

export interface CaseListRow {
  caseRecord: CaseRecord
  /** The readable number, "CD-7K3M-Q9XA" (see caseNumber). */
  number: string
  summary: CaseSummary
  /** Its assignee and the review it waits on when it is shared; null when it is not. */
  shared: SharedCaseStanding | null
  /** Title, subject, number, id, identifiers and holders, lower case: what the search looks in. */
  searchText: string
}

/** A case with what the list needs of it; the number and the searched text are made once. */
export function caseListRow(
  caseRecord: CaseRecord,
  summary: CaseSummary | undefined,
  shared?: TeamCaseRow,
): CaseListRow {
  const number = caseNumber(caseRecord.id)
  const found = summary ?? emptySummary(caseRecord.id)
  return {
    caseRecord,
    number,
    summary: found,
    shared: shared ? sharedStandingOf(shared) : null,
    searchText: [
      caseRecord.title,
      caseRecord.subject,
      number,
      caseRecord.id,
      ...found.identifiers,
      ...(found.holders ?? []),
    ]
      .join('\n')
      .toLowerCase(),
  }
}

/** Hits with no final call yet: without a decision, or marked as needing review. */
export const hitsToDecide = (summary: CaseSummary): number =>
  summary.hits.undecided + summary.hits.byDecision.needs_review

const outcomeTests: Record<CaseOutcomeFilter, (row: CaseListRow) => boolean> = {
  all: () => true,
  with_hits: (row) => row.summary.hits.total > 0,
  no_hits: (row) => row.summary.hits.total === 0,
  to_decide: (row) => hitsToDecide(row.summary) > 0,
  true_match: (row) => row.summary.hits.byDecision.true_match > 0,
  ...(Object.fromEntries(
    caseOutcomes.map((outcome) => [
      `closed_${outcome}`,
      (row: CaseListRow) => row.caseRecord.closure?.outcome === outcome,
    ]),
  ) as Record<`closed_${CaseOutcome}`, (row: CaseListRow) => boolean>),
}

export const isCaseOutcomeFilter = (value: unknown): value is CaseOutcomeFilter =>
  typeof value === 'string' && Object.hasOwn(outcomeTests, value)

const titleOrder = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

const orders: Record<CaseSort, (a: CaseListRow, b: CaseListRow) => number> = {
  updated: (a, b) => b.caseRecord.updatedAt.localeCompare(a.caseRecord.updatedAt),
  created: (a, b) => b.caseRecord.createdAt.localeCompare(a.caseRecord.createdAt),
  title: (a, b) => titleOrder.compare(a.caseRecord.title, b.caseRecord.title),
}

/**
 * The cases the list shows, in its order. Every row is already in memory (a few thousand small
 * records, read once and kept live), so a keystroke filters an array and reads nothing: every
 * typed word must occur somewhere in the case's title, subject, number, id or identifiers. A
 * team's queue is judged for the member `me`, and not at all on a desk in no team (`me` null).
 */
export function selectCaseRows(
  rows: readonly CaseListRow[],
  filters: CaseListFilters,
  me: string | null = null,
): CaseListRow[] {
  const words = filters.text.toLowerCase().split(/\s+/).filter(Boolean)
  const outcome = outcomeTests[filters.outcome]
  const { queue } = filters
  return rows
    .filter(
      (row) =>
        (filters.state === 'all' || row.caseRecord.state === filters.state) &&
        outcome(row) &&
        (queue === 'all' || me === null || inCaseQueue(queue, row.caseRecord, row.shared, me)) &&
        words.every((word) => row.searchText.includes(word)),
    )
    .sort(orders[filters.sort])
}
