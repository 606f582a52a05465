import { Dexie } from 'dexie'
import { openAppDatabase } from '../database/appDatabase'
import { whileSwitching } from '../currentDatabase'
import { newDatabaseName, pointTo } from '../database/databasePointer'
import type { VerifiedBackup } from './backupReader'
import { restoreBackup } from './backupRestore'

/**
 * Restores a verified backup as the app's data: into a new database, which becomes the app's only
 * once it holds everything (see databasePointer). Until then the data in use is untouched; a
 * failure deletes the new database. The page must reload to use it; the one it replaces is deleted
 * at the next start.
 */
export async function restoreAsAppDatabase(
  backup: VerifiedBackup,
  onProgress?: (rowsDone: number, rowsTotal: number) => void,
): Promise<void> {
  await whileSwitching(async () => {
    const name = newDatabaseName()
    const db = openAppDatabase(name)
    try {
      await restoreBackup(db, backup, onProgress)
    } catch (error) {
      db.close()
      await Dexie.delete(name)
      throw error
    }
    db.close()
    await pointTo(name)
  })
}
