import type { DatabaseMigration } from './databaseMigration'

/** Checks asked for while the service could not be reached, run when it is back: oldest first. */
export const queuedChecksSchema: DatabaseMigration = {
  version: 3,
  name: 'queued-checks',
  stores: {
    queuedChecks: '&localId, [state+queuedAt]',
  },
}
