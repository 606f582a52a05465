import type { DatabaseMigration } from './databaseMigration'

/**
 * Crypto checks with their evidence. Primary keys start with the fetch time, so any set of keys
 * sorts by time without reading a record. The indexes serve History without scans: per
 * environment, the latest check of an identifier (the money guard), status, categories with hits,
 * and free-text terms by prefix.
 */
export const checksSchema: DatabaseMigration = {
  version: 2,
  name: 'checks',
  stores: {
    checks:
      '&localId, [environment+fetchedAt], [environment+queryKey+fetchedAt], [status+fetchedAt], *hitCategories, *searchTerms',
  },
}
