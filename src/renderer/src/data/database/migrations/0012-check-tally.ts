import { talliesTable, type Tally } from '../checkTally'
import type { DatabaseMigration } from './databaseMigration'

/**
 * History says how many checks there are at once, at any number: the number is kept in `tallies`
 * by every write to the checks from now on (see checkTally), and counted here once for the checks
 * already on this computer.
 */
export const checkTallySchema: DatabaseMigration = {
  version: 12,
  name: 'check-tally',
  stores: { [talliesTable]: '&name' },
  derivedOnly: true,
  upgrade: async (transaction) => {
    const count = await transaction.table('checks').count()
    const tally: Tally = { name: 'checks', count }
    await transaction.table(talliesTable).put(tally)
  },
}
