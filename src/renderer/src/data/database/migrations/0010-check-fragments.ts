import { recordSearchTerms } from '../../checks/checkSearchTerms'
import type { DatabaseMigration } from './databaseMigration'

/**
 * History finds text anywhere inside an identifier, and datasets and topics by their human names:
 * every check's index entries become the suffixes of its words (see checkSearchTerms). The index
 * itself is the same `*searchTerms`; only what it holds changes, so every row is written again.
 */
export const checkFragmentsSchema: DatabaseMigration = {
  version: 10,
  name: 'check-fragments',
  stores: {},
  upgrade: async (transaction) => {
    await transaction
      .table('checks')
      .toCollection()
      .modify((row: Parameters<typeof recordSearchTerms>[0] & { searchTerms: string[] }) => {
        row.searchTerms = recordSearchTerms(row)
      })
  },
}
