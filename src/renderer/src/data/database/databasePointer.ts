import { Dexie, type Table } from 'dexie'

/**
 * Which IndexedDB database holds the app's data. A profile begins with `firstDatabaseName`; a
 * restore writes a new database beside it and then points here at the new one, in one durable
 * write. Replacing rows in place made IndexedDB delete every row and every History search entry
 * one by one (seconds at 20,000 checks), while deleting a whole database takes milliseconds; and
 * the data in use is never touched until the new one is complete, whatever stops when.
 */
export const firstDatabaseName = 'compliance-desk'
const restoredPrefix = `${firstDatabaseName}-restored-`
/** Raw IndexedDB names, so the bench can read the pointer in its page the way the app does. */
export const pointerStorage = {
  database: `${firstDatabaseName}-pointer`,
  store: 'pointer',
  key: 'current',
}

interface Pointer {
  key: string
  name: string
}

type PointerDatabase = Dexie & { pointer: Table<Pointer, string> }

const openPointer = (): PointerDatabase => {
  // Strict: the write reaches the disk before it is reported done, so a crash just after a
  // restore can never bring back a pointer to the database it replaced and then deleted.
  const db = new Dexie(pointerStorage.database, {
    chromeTransactionDurability: 'strict',
  }) as PointerDatabase
  db.version(1).stores({ [pointerStorage.store]: 'key' })
  return db
}

async function withPointer<T>(work: (db: PointerDatabase) => Promise<T>): Promise<T> {
  const db = openPointer()
  try {
    return await work(db)
  } finally {
    db.close()
  }
}

/** The database the app's data is in now. */
export async function currentDatabaseName(): Promise<string> {
  // Node has no IndexedDB unless a test installs one; modules importing the data layer load there.
  if (!Dexie.dependencies.indexedDB) return firstDatabaseName
  return withPointer(
    async (db) => (await db.pointer.get(pointerStorage.key))?.name ?? firstDatabaseName,
  )
}

/** A name no database has had: a restore writes into it before it becomes current. */
export const newDatabaseName = (now: Date = new Date()): string =>
  `${restoredPrefix}${now.getTime()}-${crypto.randomUUID().slice(0, 8)}`

/** From now on, every page that starts uses `name`. */
export const pointTo = (name: string): Promise<void> =>
  withPointer(async (db) => {
    await db.pointer.put({ key: pointerStorage.key, name })
  })

const isAppDatabase = (name: string): boolean =>
  name === firstDatabaseName || name.startsWith(restoredPrefix)

/**
 * The app's databases that are not current: ones a restore replaced, and ones a restore was
 * writing when it failed or its page stopped. Asked while no restore is writing one (see
 * whileSwitching).
 */
export async function supersededDatabases(): Promise<string[]> {
  const current = await currentDatabaseName()
  return (await Dexie.getDatabaseNames()).filter((name) => isAppDatabase(name) && name !== current)
}
