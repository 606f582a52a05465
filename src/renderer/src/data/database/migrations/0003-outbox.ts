import type { DatabaseMigration } from './databaseMigration'

/** Work asked for while the service could not be reached (checks, new entities), sent oldest first when it is back. */
export const outboxSchema: DatabaseMigration = {
  version: 3,
  name: 'outbox',
  stores: {
    outbox: '&localId, [state+queuedAt]',
  },
}
