import { caseNumber } from '../../../../shared/cases/caseNumber'
import type { AppDatabase } from '../database/appDatabase'
import { caseListRow, type CaseListRow } from './caseListSelection'
import { inCaseQueue, sharedStandingOf } from './caseQueues'

type ListSources = Pick<AppDatabase, 'cases' | 'caseSummaries' | 'teamCases'>

/** Every case with its number, summary and, when shared, its assignee and awaited review. */
export async function readCaseListRows(db: ListSources): Promise<CaseListRow[]> {
  const [cases, summaries, shared] = await Promise.all([
    db.cases.toArray(),
    db.caseSummaries.toArray(),
    db.teamCases.toArray(),
  ])
  const summaryOf = new Map(summaries.map((summary) => [summary.caseId, summary]))
  const sharedOf = new Map(shared.map((row) => [row.caseId, row]))
  return cases.map((caseRecord) =>
    caseListRow(caseRecord, summaryOf.get(caseRecord.id), sharedOf.get(caseRecord.id)),
  )
}

/** A case waiting for a member's review, as the Changes screen names it. */
export interface CaseAwaitingReview {
  caseId: string
  number: string
  title: string
  /** Who asked for the review, by name, and when. */
  askedBy: string
  askedAt: string
}

/** The shared cases waiting for `me` to review them (see caseQueues), the longest waiting first. */
export async function readCasesAwaitingReview(
  db: Pick<AppDatabase, 'cases' | 'teamCases'>,
  me: string,
): Promise<CaseAwaitingReview[]> {
  // Only cases with a request that names me are read: every shared case is applied again often.
  const shared = (await db.teamCases.toArray()).filter((row) =>
    row.awaitedReview?.approvers.includes(me),
  )
  const cases = await db.cases.bulkGet(shared.map((row) => row.caseId))
  const waiting: CaseAwaitingReview[] = []
  for (const [index, row] of shared.entries()) {
    const caseRecord = cases[index]
    const asked = row.awaitedReview?.request
    if (!caseRecord || !asked) continue
    if (!inCaseQueue('waiting-for-my-review', caseRecord, sharedStandingOf(row), me)) continue
    waiting.push({
      caseId: caseRecord.id,
      number: caseNumber(caseRecord.id),
      title: caseRecord.title,
      askedBy: asked.author.name,
      askedAt: asked.at,
    })
  }
  return waiting.sort((a, b) => a.askedAt.localeCompare(b.askedAt))
}
