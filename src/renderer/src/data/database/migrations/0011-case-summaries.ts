import type { CaseRecord } from '../../../../../shared/cases/caseSchemas'
import { storeCaseSummary } from '../../cases/caseSummaries'
import type { DatabaseMigration } from './databaseMigration'

/**
 * The case list searches, filters and sorts thousands of cases without reading their checks: each
 * case gets a summary (its hits and how many are decided, its identifiers), kept by the case
 * repository from now on and written here for the cases already on this computer.
 */
export const caseSummariesSchema: DatabaseMigration = {
  version: 11,
  name: 'case-summaries',
  stores: { caseSummaries: '&caseId' },
  upgrade: async (transaction) => {
    const tables = {
      checks: transaction.table('checks'),
      hitDecisions: transaction.table('hitDecisions'),
      importedCaseContents: transaction.table('importedCaseContents'),
      caseSummaries: transaction.table('caseSummaries'),
    } as unknown as Parameters<typeof storeCaseSummary>[0]
    const cases = (await transaction.table('cases').toArray()) as CaseRecord[]
    for (const caseRecord of cases) await storeCaseSummary(tables, caseRecord)
  },
}
