import type { DatabaseMigration } from './databaseMigration'

/** Entities and the pages they were listed on, cached per environment. */
export const initialSchema: DatabaseMigration = {
  version: 1,
  name: 'initial',
  stores: {
    entities: '&[environment+id], environment, fetchedAt',
    entityPages: '&[environment+limit+page], environment, fetchedAt',
  },
}
