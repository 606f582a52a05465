import type { DatabaseMigration } from './databaseMigration'

/**
 * Every check attempted, not only those that succeeded: each record has an outcome (succeeded,
 * failed, outcome unknown, or pending while it is being sent), indexed with the time so History
 * filters by it without a scan. Checks stored before were all answered: they succeeded.
 */
export const checkAttemptsSchema: DatabaseMigration = {
  version: 7,
  name: 'check-attempts',
  stores: {
    checks:
      '&localId, [environment+fetchedAt], [environment+queryKey+fetchedAt], [status+fetchedAt], [outcome+fetchedAt], *hitCategories, *searchTerms, *linkedEntityIds',
  },
  upgrade: async (transaction) => {
    await transaction
      .table('checks')
      .toCollection()
      .modify((check: { outcome?: string }) => {
        check.outcome = 'succeeded'
      })
  },
}
