import type { Transaction } from 'dexie'
import { entitySearchTerms } from '../../entities/entitySearchTerms'
import type { DatabaseMigration } from './databaseMigration'

/** Cached entities get the words of their names, e-mail and id, so the quick filter is an index lookup. */
export const entitySearchSchema: DatabaseMigration = {
  version: 4,
  name: 'entity-search',
  stores: {
    entities: '&[environment+id], environment, fetchedAt, *searchTerms',
  },
  upgrade: async (transaction: Transaction) => {
    await transaction
      .table('entities')
      .toCollection()
      .modify(
        (row: { entity: Parameters<typeof entitySearchTerms>[0]; searchTerms?: string[] }) => {
          row.searchTerms = entitySearchTerms(row.entity)
        },
      )
  },
}
