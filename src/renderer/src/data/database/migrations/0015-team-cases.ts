import type { DatabaseMigration } from './databaseMigration'

/**
 * Shared cases: what this page last applied of each case the team shares (how many of its entries
 * the main side held, the disagreements, its authors). Kept from the team's entries on the main
 * side, never backed up: a restore finds it again there.
 */
export const teamCasesSchema: DatabaseMigration = {
  version: 15,
  name: 'team-cases',
  stores: { teamCases: '&caseId' },
  derivedOnly: true,
}
