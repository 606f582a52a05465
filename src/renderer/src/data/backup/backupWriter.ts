import { Dexie, type IndexableType, type Table } from 'dexie'
import type { BridgeOutput } from '../../../../shared/bridge'
import type { CallBridge } from '../../bridge/bridgeCall'
import {
  backedUpTables,
  backupSchemaVersion,
  onAppDatabase,
  type AppDatabase,
  type CheckRecord,
} from '../database/appDatabase'
import { withoutDerivedTerms } from '../checks/deferredSearchTerms'

export type FinishedBackup = BridgeOutput<'backup.finish'>

/** Rows read from IndexedDB at a time: large enough that each read is one quick getAll. */
const rowsPerRead = 1000
/**
 * Characters of NDJSON per bridge call and ZIP entry: a few MB per call keeps round trips few,
 * and even at three UTF-8 bytes a character a chunk stays under the 12 MiB one may hold
 * (maxBackupChunkBytes) unless a single row is megabytes long.
 */
const charsPerChunk = 3 * 1024 * 1024
/** A backup that cannot finish within this is stuck (the host gone): its snapshot is let go. */
const callTimeoutMs = 5 * 60_000

/** The primary key of a row, read with the table's own key path (every table's key is inbound). */
export function primaryKeyOf(table: Table, row: unknown): IndexableType {
  const keyPath = table.schema.primKey.keyPath
  if (keyPath === undefined || keyPath === null) {
    throw new Error(`Table ${table.name} has no key path, so its rows cannot be backed up alone.`)
  }
  return Dexie.getByKeyPath(row as object, keyPath) as IndexableType
}

/** A table's rows in primary-key order, a batch at a time, never the whole table at once. */
async function* rowBatches(table: Table): AsyncGenerator<unknown[]> {
  let after: IndexableType | undefined
  for (;;) {
    const from = after === undefined ? table.orderBy(':id') : table.where(':id').above(after)
    const rows = await from.limit(rowsPerRead).toArray()
    if (rows.length > 0) yield rows
    if (rows.length < rowsPerRead) return
    after = primaryKeyOf(table, rows[rows.length - 1])
  }
}

/**
 * Raw DEFLATE (a ZIP entry's compression) of text as UTF-8, by the browser's own zlib: the
 * bridge then carries a fortieth of the bytes, which the host need not parse as JSON text.
 */
async function deflateRaw(text: string): Promise<Uint8Array> {
  const compression = new CompressionStream('deflate-raw')
  const writer = compression.writable.getWriter()
  const [, , deflated] = await Promise.all([
    writer.write(new TextEncoder().encode(text)),
    writer.close(),
    new Response(compression.readable).arrayBuffer(),
  ])
  return new Uint8Array(deflated)
}

/** Base64 of bytes, a slice at a time: spreading all of them at once overflows the stack. */
function base64Of(bytes: Uint8Array): string {
  let binary = ''
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  }
  return btoa(binary)
}

/** What a backup keeps of a table's rows, where it is not the whole row: derived data is left out. */
const backedUpRow: Partial<Record<string, (row: unknown) => unknown>> = {
  // The checks table holds check records only.
  checks: (row) => withoutDerivedTerms(row as CheckRecord),
}

/** How many rows each table holds now. */
export async function countRows(db: AppDatabase): Promise<Record<string, number>> {
  const tables = backedUpTables(db)
  const counts = await Promise.all(tables.map((table) => table.count()))
  return Object.fromEntries(tables.map((table, index) => [table.name, counts[index] ?? 0]))
}

/**
 * Backs up every table of the database, whichever tables it has, as NDJSON chunks the main side
 * writes into one ZIP. All is read in one read-only transaction, so the backup is one moment's
 * state (a case and its audit trail agree) even while the app keeps working; writes made
 * meanwhile wait for it. Dexie.waitFor keeps that transaction open across the bridge calls.
 */
export async function writeBackup(
  db: AppDatabase,
  call: CallBridge,
  onProgress: (rowsDone: number, rowsTotal: number) => void = () => undefined,
): Promise<FinishedBackup> {
  const tables = backedUpTables(db)
  const { backupId } = await call('backup.begin', {
    schemaVersion: backupSchemaVersion,
    tables: tables.map((table) => table.name),
  })
  // One chunk is compressed and on its way while the next is read: IndexedDB fetches the next
  // rows meanwhile, and the main side inflates and hashes in its own process. Waiting for it
  // before the next keeps at most two chunks in memory.
  let sending: Promise<unknown> = Promise.resolve()
  const send = async (table: string, ndjson: string) => {
    await Dexie.waitFor(sending, callTimeoutMs)
    sending = deflateRaw(ndjson).then((deflated) =>
      call('backup.addEntry', { backupId, table, deflated: base64Of(deflated) }),
    )
    // Its failure is reported by the next wait for it, not as an unhandled rejection meanwhile.
    sending.catch(() => undefined)
  }
  try {
    await db.transaction('r', tables, async () => {
      const counts = await Promise.all(tables.map((table) => table.count()))
      const total = counts.reduce((sum, count) => sum + count, 0)
      let done = 0
      onProgress(done, total)
      for (const table of tables) {
        let chunk = ''
        const kept = backedUpRow[table.name] ?? ((row: unknown) => row)
        for await (const rows of rowBatches(table)) {
          for (const row of rows) {
            chunk += `${JSON.stringify(kept(row))}\n`
            if (chunk.length < charsPerChunk) continue
            await send(table.name, chunk)
            chunk = ''
          }
          done += rows.length
          onProgress(done, total)
        }
        if (chunk !== '') await send(table.name, chunk)
      }
    })
    // Every row is read: the last chunk needs no transaction, and writes need not wait for it.
    await sending
    return await call('backup.finish', { backupId })
  } catch (error) {
    await call('backup.abort', { backupId }).catch(() => undefined)
    throw error
  }
}

/** Backups of the app's database. */
export const backupWriter = onAppDatabase({ writeBackup, countRows })
