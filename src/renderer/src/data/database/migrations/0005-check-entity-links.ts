import type { DatabaseMigration } from './databaseMigration'

/**
 * Checks linked to entities, kept on this computer (the spec shows no endpoint for it): an entity's
 * detail finds its checks by index. Existing checks simply have no links yet.
 */
export const checkEntityLinksSchema: DatabaseMigration = {
  version: 5,
  name: 'check-entity-links',
  stores: {
    checks:
      '&localId, [environment+fetchedAt], [environment+queryKey+fetchedAt], [status+fetchedAt], *hitCategories, *searchTerms, *linkedEntityIds',
  },
}
