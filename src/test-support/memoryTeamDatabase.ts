import { createRequire } from 'node:module'
import { pouch, type TeamDatabase } from '../main/services/team/teamDatabase'

const load = createRequire(import.meta.url)

/** A team database in memory: the same PouchDB as a desk's, with its memory adapter. */
export function openMemoryTeamDatabase(name: string): TeamDatabase {
  const withMemory = pouch().plugin(load('pouchdb-adapter-memory'))
  return new withMemory(name, { adapter: 'memory' })
}

/** A team database that counts the documents read from it, one by one or by the page. */
export function countingDocumentReads(database: TeamDatabase): {
  database: TeamDatabase
  read: () => number
} {
  let read = 0
  const counting: Partial<TeamDatabase> = {
    get: async (id, options) => {
      read += 1
      return database.get(id, options)
    },
    allDocs: async (options) => {
      const found = await database.allDocs(options)
      read += found.rows.length
      return found
    },
  }
  return {
    database: new Proxy(database, {
      get: (target, property) => {
        if (property in counting) return counting[property as keyof TeamDatabase]
        const value = Reflect.get(target, property) as unknown
        // PouchDB's own methods expect PouchDB as `this`, not the proxy.
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value
      },
    }),
    read: () => read,
  }
}
