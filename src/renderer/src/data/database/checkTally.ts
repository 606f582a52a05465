import type {
  DBCore,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  DBCoreTable,
  DBCoreTransaction,
  Dexie,
  Middleware,
} from 'dexie'

/** The table of counts kept by this module, derived from the tables they count (never backed up). */
export const talliesTable = 'tallies'
const countedTable = 'checks'

export interface Tally {
  name: string
  count: number
}

/**
 * The checks counted, as kept in the same transaction as every write to them. Counting them on
 * IndexedDB reads every entry of an index: 1.1 s at 200,000 checks, and reads issued meanwhile
 * wait. Absent in a database created empty, which has none.
 */
export async function checkTally(db: Dexie): Promise<number> {
  const tally = (await db.table(talliesTable).get(countedTable)) as Tally | undefined
  return tally?.count ?? 0
}

const distinct = (keys: readonly unknown[]): unknown[] => {
  const seen = new Map<string, unknown>()
  for (const key of keys) seen.set(JSON.stringify(key), key)
  return [...seen.values()]
}

const keysOf = (
  table: DBCoreTable,
  request: { keys?: unknown[]; values: readonly unknown[] },
): unknown[] =>
  request.keys ??
  request.values.map((value) => table.schema.primaryKey.extractKey!(value) as unknown)

const succeeded = (keys: readonly unknown[], response: DBCoreMutateResponse): unknown[] =>
  keys.filter((_, index) => !(index in response.failures))

async function present(table: DBCoreTable, trans: DBCoreTransaction, keys: unknown[]) {
  const found = (await table.getMany({ trans, keys })) as unknown[]
  return new Set(
    keys.filter((_, index) => found[index] !== undefined).map((k) => JSON.stringify(k)),
  )
}

/** Does the write, and says by how much it changed the number of rows. */
async function mutateCounting(
  table: DBCoreTable,
  request: DBCoreMutateRequest,
): Promise<{ response: DBCoreMutateResponse; change: number }> {
  const { trans } = request
  switch (request.type) {
    case 'add': {
      const keys = keysOf(table, request)
      const response = await table.mutate(request)
      return { response, change: distinct(succeeded(keys, response)).length }
    }
    case 'put': {
      const keys = keysOf(table, request)
      const before = await present(table, trans, distinct(keys))
      const response = await table.mutate(request)
      const added = distinct(succeeded(keys, response)).filter(
        (key) => !before.has(JSON.stringify(key)),
      )
      return { response, change: added.length }
    }
    case 'delete': {
      const keys = distinct(request.keys)
      const before = await present(table, trans, keys)
      const response = await table.mutate(request)
      const gone = keys.filter(
        (key, index) => before.has(JSON.stringify(key)) && !(index in response.failures),
      )
      return { response, change: -gone.length }
    }
    case 'deleteRange': {
      const before = await table.count({
        trans,
        query: { index: table.schema.primaryKey, range: request.range },
      })
      const response = await table.mutate(request)
      return { response, change: -before }
    }
  }
}

/**
 * Keeps the number of checks in `tallies` in the transaction of every write to the checks, so the
 * number is right whenever the checks are, whichever code writes them (a restore included). The
 * writes of one transaction are counted one after the other: two counted at once would both read
 * the tally, or both take one new key for new. A database's upgrade (version change) writes
 * uncounted; the migration that brings in the tally counts what is there.
 */
export const checkTallyMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'checkTally',
  // Right on IndexedDB, under Dexie's own layers: those read the calling zone's transaction,
  // which a write counted after another of its transaction no longer runs in.
  level: -2,
  create: (down) => {
    const turns = new WeakMap<DBCoreTransaction, Promise<unknown>>()
    return {
      ...down,
      transaction: (stores, mode, options) =>
        down.transaction(
          mode === 'readwrite' && stores.includes(countedTable) && !stores.includes(talliesTable)
            ? [...stores, talliesTable]
            : stores,
          mode,
          options,
        ),
      table: (name) => {
        const table = down.table(name)
        if (name !== countedTable) return table
        const counted = async (request: DBCoreMutateRequest) => {
          const { trans } = request
          // Found when first written: a database being upgraded from before it has no such table.
          const tallies = down.table(talliesTable)
          const { response, change } = await mutateCounting(table, request)
          if (change !== 0) {
            const tally = (await tallies.get({ trans, key: countedTable })) as Tally | undefined
            const count = (tally?.count ?? 0) + change
            await tallies.mutate({ type: 'put', trans, values: [{ name: countedTable, count }] })
          }
          return response
        }
        return {
          ...table,
          mutate: (request) => {
            if ((request.trans as { mode?: string }).mode === 'versionchange') {
              return table.mutate(request)
            }
            const turn = (turns.get(request.trans) ?? Promise.resolve()).then(
              () => counted(request),
              () => counted(request),
            )
            turns.set(request.trans, turn)
            return turn
          },
        }
      },
    }
  },
}
