import type { DatabaseMigration } from './databaseMigration'

/**
 * Crypto checks with their evidence. The indexes serve History without scans: newest first per
 * environment, the latest check of an identifier (the money guard), status, categories with hits,
 * and free-text terms by prefix.
 */
export const checksSchema: DatabaseMigration = {
  version: 2,
  name: 'checks',
  stores: {
    checks:
      '&localId, fetchedAt, [environment+fetchedAt], [environment+queryKey+fetchedAt], [status+fetchedAt], *hitCategories, *searchTerms',
  },
}
