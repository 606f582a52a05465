import 'fake-indexeddb/auto'
import { Dexie } from 'dexie'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { propertyRuns } from '../../../../test-support/propertyRuns'
import { openAppDatabase, type AppDatabase, type CheckRecord } from './appDatabase'
import { checkTally } from './checkTally'
import { caseSummariesSchema } from './migrations/0011-case-summaries'

const opened: AppDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await Dexie.delete(db.name)
  }
})

const open = (name: string): AppDatabase => {
  const db = openAppDatabase(name)
  opened.push(db)
  return db
}

/** A check record with `key` as its local id: only what the checks table indexes matters here. */
const record = (key: string, outcome: CheckRecord['outcome'] = 'failed'): CheckRecord =>
  ({
    localId: key,
    environment: 'local',
    query: key,
    queryKey: key,
    fetchedAt: `2026-11-${key.padStart(2, '0')}T00:00:00.000Z`,
    searchTerms: [],
    outcome,
    requestId: `req_${key}`,
    billed: false,
  }) as CheckRecord

const key = fc.integer({ min: 1, max: 12 }).map(String)
const keys = fc.array(key, { maxLength: 6 })

/** Every way the app's code (or a future one) writes the checks, each its own transaction. */
type Write = (db: AppDatabase) => Promise<unknown>
const writes: fc.Arbitrary<Write> = fc.oneof(
  key.map((k) => (db: AppDatabase) => db.checks.put(record(k))),
  key.map((k) => (db: AppDatabase) => db.checks.add(record(k)).catch(() => undefined)),
  keys.map((ks) => (db: AppDatabase) => db.checks.bulkPut(ks.map((k) => record(k, 'pending')))),
  // A bulkAdd with keys already there: the others are written, and the error caught.
  keys.map((ks) => (db: AppDatabase) => db.checks.bulkAdd(ks.map((k) => record(k))).catch(() => 0)),
  key.map((k) => (db: AppDatabase) => db.checks.delete(k)),
  keys.map((ks) => (db: AppDatabase) => db.checks.bulkDelete(ks)),
  key.map((k) => (db: AppDatabase) => db.checks.where('localId').below(k).delete()),
  fc.constant((db: AppDatabase) => db.checks.clear()),
  fc.constant((db: AppDatabase) =>
    db.checks.toCollection().modify((row) => {
      row.outcome = 'unknown'
    }),
  ),
  // Writes of one transaction issued at once, the same key among them.
  keys.map(
    (ks) => (db: AppDatabase) =>
      db.transaction('rw', db.checks, () =>
        Promise.all(
          ks.map((k, index) => (index % 2 ? db.checks.put(record(k)) : db.checks.delete(k))),
        ),
      ),
  ),
  // A transaction that fails after writing leaves neither the checks nor their number changed.
  keys.map(
    (ks) => (db: AppDatabase) =>
      db
        .transaction('rw', db.checks, async () => {
          await db.checks.bulkPut(ks.map((k) => record(k)))
          throw new Error('given up')
        })
        .catch(() => undefined),
  ),
)

describe('the number of checks kept by the database', () => {
  it('equals the checks stored after any writes, at once and after the database is opened again', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(writes, { minLength: 1, maxLength: 3 }), { maxLength: 8 }),
        async (rounds) => {
          const name = `tally-${crypto.randomUUID()}`
          let db = open(name)
          for (const round of rounds) {
            // Writes of separate transactions at the same time, as the page's work and a worker's do.
            await Promise.all(round.map((write) => write(db)))
            expect(await checkTally(db)).toBe(await db.checks.count())
          }
          db.close()
          db = open(name)
          expect(await checkTally(db)).toBe(await db.checks.count())
        },
      ),
      propertyRuns(150),
    )
  })

  it('counts the checks kept before it once, when a database is brought up to date', async () => {
    const name = `tally-${crypto.randomUUID()}`
    const before = new Dexie(name)
    before
      .version(caseSummariesSchema.version)
      .stores({ checks: '&localId', caseSummaries: '&caseId' })
    await before.table('checks').bulkPut(['1', '2', '3'].map((k) => record(k)))
    before.close()
    const db = open(name)
    expect(await checkTally(db)).toBe(3)
    await db.checks.put(record('4'))
    expect(await checkTally(db)).toBe(4)
  })
})
