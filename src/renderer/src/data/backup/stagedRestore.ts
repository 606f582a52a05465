import { Dexie } from 'dexie'
import type { Actor } from '../../../../shared/identity/investigator'
import { newDatabaseName, pointTo } from '../database/databasePointer'
import type { RestorableBackup } from './restorableBackup'

/**
 * A verified backup being written into a new database while the user decides whether it replaces
 * the data here. The app uses the new database only once committed (see databasePointer); until
 * then the data in use is untouched, and a failure or a discard deletes the new one.
 */
export interface StagedRestore {
  /**
   * Makes the backup the app's data, once it is all written: the page must reload to use it, and
   * the database it replaces is deleted at the next start. Rejects, with the data in use kept, if
   * the backup could not be written.
   */
  commit(): Promise<void>
  /** Gives it up: the new database is deleted. */
  discard(): Promise<void>
}

export interface StagingPorts {
  /**
   * Runs the staging while no other page switches databases or deletes them (see
   * currentDatabase's whileSwitching); tests with one page run it at once.
   */
  whileSwitching: (work: () => Promise<void>) => Promise<void>
  onProgress?: (rowsDone: number, rowsTotal: number) => void
  /**
   * Who restores, asked as the writing starts: a backup restored as untrusted data is refused
   * without one, as its cases' trails record who chose to restore it (see backupRestore).
   */
  restorer?: () => Promise<Actor | undefined>
  /**
   * Runs once the new database is complete and the restore confirmed, just before the app
   * switches to it (see restoreRecord, which records the restore's settings there); its failure
   * leaves the data in use as it was, and `commit` rejects with it.
   */
  beforeSwitch?: (database: string) => Promise<void>
}

/**
 * Starts writing `backup` into a new database at once, so that by the time the user has confirmed,
 * most of the work is done. Other pages wait to switch databases or delete them until this one is
 * committed or discarded (a page that stops meanwhile leaves a database deleted at the next start).
 */
export function stageRestore(
  backup: RestorableBackup,
  {
    whileSwitching,
    onProgress = () => undefined,
    restorer = async () => undefined,
    beforeSwitch = async () => undefined,
  }: StagingPorts,
): StagedRestore {
  let decide: (commit: boolean) => void = () => undefined
  const decision = new Promise<boolean>((resolve) => (decide = resolve))
  const finished = whileSwitching(async () => {
    const name = newDatabaseName()
    try {
      await backup.writeInto(name, await restorer(), onProgress)
      if (!(await decision)) return await Dexie.delete(name)
      await beforeSwitch(name)
    } catch (error) {
      await Dexie.delete(name)
      throw error
    }
    await pointTo(name)
  })
  // Reported by commit; a discarded restore's failure concerns no one.
  finished.catch(() => undefined)
  return {
    commit: () => {
      decide(true)
      return finished
    },
    discard: async () => {
      decide(false)
      await finished.catch(() => undefined)
    },
  }
}
