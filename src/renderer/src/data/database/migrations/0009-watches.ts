import type { DatabaseMigration } from './databaseMigration'

/**
 * Watched wallets and cases, found by their next due time (what a start reads to catch up), and
 * the changes their re-screens found, found by whether they were acknowledged.
 */
export const watchesSchema: DatabaseMigration = {
  version: 9,
  name: 'watches',
  stores: {
    watches: '&id, nextDueAt',
    watchChanges: '&id, [state+at], laterCheckId',
  },
}
