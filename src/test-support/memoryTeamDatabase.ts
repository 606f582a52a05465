import { createRequire } from 'node:module'
import { pouch, type TeamDatabase } from '../main/services/team/teamDatabase'

const load = createRequire(import.meta.url)

/** A team database in memory: the same PouchDB as a desk's, with its memory adapter. */
export function openMemoryTeamDatabase(name: string): TeamDatabase {
  const withMemory = pouch().plugin(load('pouchdb-adapter-memory'))
  return new withMemory(name, { adapter: 'memory' })
}
