import { Dexie } from 'dexie'

/** A number that grows whenever a table changes, in this page or another, and who to tell. */
export interface TableChanges {
  current: () => number
  subscribe: (listener: () => void) => () => void
}

/**
 * Follows changes to one table by Dexie's own mutation event, without a live query. A live query
 * remembers every primary key it read to know when to run again: History's results at 200,000
 * checks hold tens of thousands of keys, and remembering them took the page's main thread for
 * hundreds of milliseconds a keystroke. This says only "the table changed"; the caller reads again.
 */
export function tableChanges(databaseName: string, table: string): TableChanges {
  const prefix = `idb://${databaseName}/${table}/`
  const listeners = new Set<() => void>()
  let version = 0
  Dexie.on('storagemutated', (parts) => {
    if (!Object.keys(parts).some((part) => part.startsWith(prefix))) return
    version += 1
    for (const listener of listeners) listener()
  })
  return {
    current: () => version,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
