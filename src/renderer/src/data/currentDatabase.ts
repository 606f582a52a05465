import { Dexie } from 'dexie'
import { oneAtATime } from './pageLock'
import { databaseName, appDatabase } from './database/appDatabase'
import {
  copyDatabaseName,
  currentDatabaseName,
  supersededDatabases,
} from './database/databasePointer'

/** Runs `work` while no other page of this app writes a database to switch to, or lists them. */
export const whileSwitching = <T>(work: () => Promise<T>): Promise<T> =>
  oneAtATime('compliance-desk-switching', work)

let confirmation: Promise<boolean> | undefined

/**
 * Whether this page opened the app's current database: true, or false once the copy of its name
 * is corrected, when the page must reload before using any data (see databasePointer). Asked as
 * the page loads, so that IndexedDB's first opening overlaps the rest of the start; the app waits
 * for the answer before its screens and runners touch data.
 */
export function onCurrentDatabase(): Promise<boolean> {
  confirmation ??= currentDatabaseName().then((current) => {
    if (current === databaseName) return true
    copyDatabaseName(current)
    return false
  })
  return confirmation
}

/**
 * Deletes the databases a restore replaced or left unfinished. Nothing waits for the deletions: a
 * page still using one is told to reload (see followCurrentDatabase) and each completes once it
 * has; no restore can make one of them current again.
 */
async function deleteSupersededDatabases(): Promise<void> {
  const names = await whileSwitching(supersededDatabases)
  await Promise.all(names.map((name) => Dexie.delete(name)))
}

/**
 * Keeps this page on the app's current database: deletes the ones a restore replaced (one that
 * fails is tried again at the next start), and reloads the page when another deletes or upgrades
 * the database it has open (a restore in another tab, a newer version of the app). Dexie closes
 * the connection first, and would open an empty database of the same name at the next read if
 * the page stayed.
 */
export function followCurrentDatabase(reload: () => void): () => void {
  // Once the first screen has read what it shows, which IndexedDB would otherwise serve later.
  const deletion = requestIdleCallback(
    () => void deleteSupersededDatabases().catch(() => undefined),
    {
      timeout: 2_000,
    },
  )
  appDatabase.on('versionchange', reload)
  return () => {
    cancelIdleCallback(deletion)
    appDatabase.on('versionchange').unsubscribe(reload)
  }
}
