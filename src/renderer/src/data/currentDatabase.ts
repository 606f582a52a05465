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

/**
 * Whether this page opened the app's current database: true, or false once the copy of its name
 * is corrected, when the page must reload before using any data (see databasePointer). Read while
 * the app starts, before its screens and runners do.
 */
export async function onCurrentDatabase(): Promise<boolean> {
  const current = await currentDatabaseName()
  if (current === databaseName) return true
  copyDatabaseName(current)
  return false
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
  void deleteSupersededDatabases().catch(() => undefined)
  appDatabase.on('versionchange', reload)
  return () => appDatabase.on('versionchange').unsubscribe(reload)
}
