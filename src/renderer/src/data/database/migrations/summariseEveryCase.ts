import type { Transaction } from 'dexie'
import type { CaseRecord } from '../../../../../shared/cases/caseSchemas'
import { storeCaseSummary } from '../../cases/caseSummaries'

/**
 * Writes every case's summary again inside an upgrade, with what the summary holds today: for a
 * migration whose summaries gain something derived from tables already there.
 */
export async function summariseEveryCase(transaction: Transaction): Promise<void> {
  const tables = {
    checks: transaction.table('checks'),
    hitDecisions: transaction.table('hitDecisions'),
    importedCaseContents: transaction.table('importedCaseContents'),
    caseSummaries: transaction.table('caseSummaries'),
  } as unknown as Parameters<typeof storeCaseSummary>[0]
  const cases = (await transaction.table('cases').toArray()) as CaseRecord[]
  for (const caseRecord of cases) await storeCaseSummary(tables, caseRecord)
}
