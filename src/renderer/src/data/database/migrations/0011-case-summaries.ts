import { summariseEveryCase } from './summariseEveryCase'
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
  upgrade: summariseEveryCase,
}
