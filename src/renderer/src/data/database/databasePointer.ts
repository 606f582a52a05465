import { Dexie, type Table } from 'dexie'

/**
 * Which IndexedDB database holds the app's data. A profile begins with `firstDatabaseName`; a
 * restore writes a new database beside it and then points here at the new one, in one durable
 * write. Replacing rows in place made IndexedDB delete every row and every History search entry
 * one by one (seconds at 20,000 checks), while deleting a whole database takes milliseconds; and
 * the data in use is never touched until the new one is complete, whatever stops when.
 *
 * A page learns the name at load from a copy in localStorage, read at once: reading the pointer
 * first held every start for IndexedDB's first opening (300 ms with 20,000 checks). The pointer
 * stays the truth, read while the app starts (see currentDatabase); a copy a crash left behind is
 * corrected and the page reloaded before any of its data is used.
 */
export const firstDatabaseName = 'compliance-desk'
const restoredPrefix = `${firstDatabaseName}-restored-`
/** Where the pointer and its copy are, so the bench and e2e can find them in a page as the app does. */
export const pointerStorage = {
  database: `${firstDatabaseName}-pointer`,
  /** The localStorage key of the copy. */
  copyKey: `${firstDatabaseName}:database`,
}
const pointerKey = 'current'

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
  db.version(1).stores({ pointer: 'key' })
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

/** The page's localStorage; none in Node or in a worker (typed here: the data layer loads in Node). */
const pageStorage = (
  globalThis as {
    localStorage?: {
      getItem(key: string): string | null
      setItem(key: string, value: string): void
    }
  }
).localStorage

/** The copy of the pointer; the first database where there is none. */
export const copiedDatabaseName = (): string =>
  pageStorage?.getItem(pointerStorage.copyKey) ?? firstDatabaseName

/** Sets the copy of the pointer to `name`, the current database's. */
export function copyDatabaseName(name: string): void {
  pageStorage?.setItem(pointerStorage.copyKey, name)
}

/** The database the app's data is in now. */
export async function currentDatabaseName(): Promise<string> {
  // Node has no IndexedDB unless a test installs one; modules importing the data layer load there.
  if (!Dexie.dependencies.indexedDB) return firstDatabaseName
  return withPointer(async (db) => (await db.pointer.get(pointerKey))?.name ?? firstDatabaseName)
}

/** A name no database has had: a restore writes into it before it becomes current. */
export const newDatabaseName = (now: Date = new Date()): string =>
  `${restoredPrefix}${now.getTime()}-${crypto.randomUUID().slice(0, 8)}`

/** From now on, every page that starts uses `name`. */
export async function pointTo(name: string): Promise<void> {
  await withPointer(async (db) => {
    await db.pointer.put({ key: pointerKey, name })
  })
  copyDatabaseName(name)
}

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
