import 'fake-indexeddb/auto'
import { Dexie } from 'dexie'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { CryptoSearchResult } from '../../../../shared/bridge/cryptoContract'
import type { EnvironmentId } from '../../../../shared/environments'
import { openAppDatabase, type AppDatabase } from '../database/appDatabase'
import { checkAttemptsSchema } from '../database/migrations/0007-check-attempts'
import { latestCheckOf, saveCheck, toStoredCheck } from './checkRepository'
import {
  countAllChecks,
  filtersProblem,
  keyCount,
  keysBetween,
  noCheckFilters,
  packKeys,
  readSelectionWindow,
  selectChecks,
  type CheckFilters,
  textHint,
  type CheckSelection,
} from './checkSelection'
import { propertyRuns } from '../../../../test-support/propertyRuns'

let db: AppDatabase

const resultOf = (
  environment: EnvironmentId,
  fetchedAt: string,
  sanctions: Array<Record<string, unknown>>,
  pep = 0,
): CryptoSearchResult => ({
  environment,
  check: {
    id: `chk_${fetchedAt}`,
    status: sanctions.length + pep > 0 ? 'review_required' : 'no_match',
    totalEntity: sanctions.length + pep,
    categoryCount: { sanctions: sanctions.length, pep },
    categories: { sanctions, pep: Array.from({ length: pep }, () => ({ title: ['Some Person'] })) },
  },
  evidence: {
    environment,
    baseUrl: 'http://127.0.0.1:1/',
    request: { method: 'POST', path: '/x', body: null },
    response: { status: 200, headers: {}, bodyBase64: '', bytes: 0 },
    startedAt: fetchedAt,
    durationMs: 1,
    attempts: 1,
  },
})

const filters = (overrides: Partial<CheckFilters>): CheckFilters => ({
  ...noCheckFilters,
  ...overrides,
})

const seed = async () => {
  db = openAppDatabase(`history-${crypto.randomUUID()}`)
  const wallet = {
    title: ['0xABC'],
    publicKey: ['0xABC'],
    datasets: ['us_ofac_sdn'],
    topics: ['sanction'],
  }
  await saveCheck(
    db,
    toStoredCheck('a', '0xABC', '0xABC', resultOf('local', '2026-11-01T10:00:00.000Z', [wallet])),
  )
  await saveCheck(
    db,
    toStoredCheck(
      'b',
      'bc1qclean',
      'bc1qclean',
      resultOf('production', '2026-11-05T10:00:00.000Z', []),
    ),
  )
  await saveCheck(
    db,
    toStoredCheck(
      'c',
      '0xABC',
      '0xABC',
      resultOf('production', '2026-11-10T10:00:00.000Z', [wallet], 1),
    ),
  )
  await saveCheck(
    db,
    toStoredCheck('d', 'TXYZ', 'TXYZ', resultOf('sandbox', '2026-11-20T10:00:00.000Z', [], 2)),
  )
}

/** The request ids of a selection's checks, newest first (keys are `<fetchedAt>_<request id>`). */
const requestIdsOf = async (selection: CheckSelection): Promise<string[]> => {
  const size = selection.kind === 'all' ? (selection.count ?? 0) : keyCount(selection.keys)
  const rows = await readSelectionWindow(db, selection, 0, size)
  return rows.map((row) => row?.localId.split('_').pop() ?? '?')
}
const findCheckIds = async (_db: AppDatabase, wanted: CheckFilters) =>
  requestIdsOf(await selectChecks(db, wanted))

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('History filters, answered from indexes', () => {
  it('lists every check newest first, a window at a time when nothing is filtered', async () => {
    await seed()
    const all = await selectChecks(db, filters({}))
    expect(all).toEqual({ kind: 'all', count: 4 })
    expect(await requestIdsOf(all)).toEqual(['d', 'c', 'b', 'a'])
    expect((await readSelectionWindow(db, all, 1, 2)).map((row) => row?.query)).toEqual([
      '0xABC',
      'bc1qclean',
    ])
  })

  it('filters by environment, status, category with hits and date range, alone and together', async () => {
    await seed()
    expect(await findCheckIds(db, filters({ environment: 'production' }))).toEqual(['c', 'b'])
    expect(await findCheckIds(db, filters({ status: 'no_match' }))).toEqual(['b'])
    expect(
      await findCheckIds(db, filters({ environment: 'production', status: 'review_required' })),
    ).toEqual(['c'])
    expect(await findCheckIds(db, filters({ category: 'pep' }))).toEqual(['d', 'c'])
    expect(
      await findCheckIds(db, filters({ category: 'sanctions', environment: 'local' })),
    ).toEqual(['a'])
    expect(await findCheckIds(db, filters({ from: '2026-11-04', to: '2026-11-11' }))).toEqual([
      'c',
      'b',
    ])
  })

  it('finds free text in identifiers, titles, datasets and topics by word prefix', async () => {
    await seed()
    expect(await findCheckIds(db, filters({ text: '0xabc' }))).toEqual(['c', 'a'])
    expect(await findCheckIds(db, filters({ text: 'us_ofac' }))).toEqual(['c', 'a'])
    expect(await findCheckIds(db, filters({ text: 'some person' }))).toEqual(['d', 'c'])
    expect(await findCheckIds(db, filters({ text: 'bc1q' }))).toEqual(['b'])
    expect(await findCheckIds(db, filters({ text: 'nothing-like-this' }))).toEqual([])
  })

  it('finds text anywhere inside an identifier: its last characters and a middle fragment', async () => {
    await seed()
    expect(await findCheckIds(db, filters({ text: 'lean' }))).toEqual(['b'])
    expect(await findCheckIds(db, filters({ text: 'qcle' }))).toEqual(['b'])
    expect(await findCheckIds(db, filters({ text: 'XABC' }))).toEqual(['c', 'a'])
    expect(await findCheckIds(db, filters({ text: 'xyz' }))).toEqual(['d'])
  })

  it('finds every part of three characters or more of an identifier, wherever it starts', async () => {
    await seed()
    const wallet = '0x04dba1194ee10112fe6c3207c0687def0e78bacf'
    await saveCheck(
      db,
      toStoredCheck('w', wallet, wallet, resultOf('local', '2026-11-22T10:00:00.000Z', [])),
    )
    const misses: string[] = []
    for (let start = 0; start < wallet.length; start += 1) {
      for (let end = start + 3; end <= wallet.length; end += 5) {
        const part = wallet.slice(start, end)
        if (!(await findCheckIds(db, filters({ text: part }))).includes('w')) misses.push(part)
      }
    }
    expect(misses).toEqual([])
  })

  it('finds datasets and topics by their codes, parts of codes and human names', async () => {
    await seed()
    expect(await findCheckIds(db, filters({ text: 'sdn' }))).toEqual(['c', 'a'])
    expect(await findCheckIds(db, filters({ text: 'ofac sdn list' }))).toEqual(['c', 'a'])
    expect(await findCheckIds(db, filters({ text: 'sanctioned' }))).toEqual(['c', 'a'])
    await saveCheck(
      db,
      toStoredCheck(
        'e',
        '0x5ca1ab1e00000000000000000000000000000001',
        '0x5ca1ab1e00000000000000000000000000000001',
        resultOf('local', '2026-11-21T10:00:00.000Z', [
          { title: ['PEP wallet'], datasets: ['synthetic_pep_register'], topics: ['role.pep'] },
        ]),
      ),
    )
    expect(await findCheckIds(db, filters({ text: 'pep' }))).toEqual(['e'])
    expect(await findCheckIds(db, filters({ text: 'Politically' }))).toEqual(['e'])
    expect(await findCheckIds(db, filters({ text: 'exposed person' }))).toEqual(['e'])
    expect(await findCheckIds(db, filters({ text: '0001' }))).toEqual(['e'])
  })

  it('looks up no text under three characters, and says so', async () => {
    await seed()
    expect(await selectChecks(db, filters({ text: '0x' }))).toEqual({ kind: 'all', count: 4 })
    expect(textHint('0x')).toMatch(/at least 3 characters/)
    expect(await findCheckIds(db, filters({ text: 'us ofac' }))).toEqual(['c', 'a'])
    expect(textHint('us ofac')).toMatch(/\(us\) are left out/)
    expect(textHint('ofac')).toBeNull()
  })

  it('migration 0008 indexes the checks kept before it by the fragments of their words', async () => {
    const name = `history-${crypto.randomUUID()}`
    const before = new Dexie(name)
    before.version(checkAttemptsSchema.version).stores(checkAttemptsSchema.stores)
    const kept = toStoredCheck(
      'old',
      '0x5ca1ab1e00000000000000000000000000000001',
      '0x5ca1ab1e00000000000000000000000000000001',
      resultOf('local', '2026-10-01T10:00:00.000Z', [{ topics: ['role.pep'] }]),
    )
    await before.table('checks').put({ ...kept, searchTerms: [kept.query] })
    before.close()
    db = openAppDatabase(name)
    expect(await findCheckIds(db, filters({ text: 'politically' }))).toEqual(['old'])
    expect(await findCheckIds(db, filters({ text: '0001' }))).toEqual(['old'])
  })

  it('flags an inverted date range with a sentence and selects nothing', async () => {
    await seed()
    const inverted = filters({ from: '2026-11-20', to: '2026-11-01' })
    expect(filtersProblem(inverted)).toMatch(/inverted.*after/)
    expect(await findCheckIds(db, inverted)).toEqual([])
    expect(filtersProblem(filters({ from: '2026-11-01', to: '2026-11-01' }))).toBeNull()
  })

  it('finds the latest check of an identifier per environment for the money guard', async () => {
    await seed()
    expect((await latestCheckOf(db, 'production', '0xABC'))?.localId).toBe(
      '2026-11-10T10:00:00.000Z_c',
    )
    expect((await latestCheckOf(db, 'sandbox', '0xABC'))?.localId).toBeUndefined()
  })
})

describe('counting every check', () => {
  it('counts them all, however they are spread in time, in spans that never miss one', async () => {
    db = openAppDatabase(`count-${crypto.randomUUID()}`)
    expect(await countAllChecks(db)).toBe(0)
    // Dense bursts (many in one millisecond, thousands in a minute) and years-long gaps, so the
    // spans both grow and shrink, with checks on their very edges.
    const times = [
      ...Array.from({ length: 3_000 }, (_, index) => Date.UTC(2026, 0, 1) + index * 10),
      ...Array.from({ length: 5 }, () => Date.UTC(2026, 0, 2)),
      ...Array.from({ length: 40 }, (_, index) => Date.UTC(2020, 0, 1) + index * 86_400_000),
      Date.UTC(2026, 0, 1) + 86_400_000,
      Date.UTC(2031, 5, 30),
    ]
    const outcomes = ['succeeded', 'failed', 'unknown', 'pending'] as const
    await db.checks.bulkAdd(
      times.map((time, index) => {
        const fetchedAt = new Date(time).toISOString()
        return {
          localId: `${fetchedAt}_${index}`,
          fetchedAt,
          outcome: outcomes[index % outcomes.length]!,
          searchTerms: [],
        } as never
      }),
    )
    expect(await countAllChecks(db)).toBe(times.length)
  })

  it('equals the number of stored checks when it is the first read of a database just opened (a reload)', async () => {
    const outcomes = ['succeeded', 'failed', 'unknown', 'pending'] as const
    const stored = fc.array(
      fc.record({
        at: fc.integer({ min: Date.UTC(2019, 0, 1), max: Date.UTC(2032, 0, 1) }),
        outcome: fc.constantFrom(...outcomes),
      }),
      { maxLength: 60 },
    )
    db = openAppDatabase(`count-reload-${crypto.randomUUID()}`)
    await fc.assert(
      fc.asyncProperty(stored, async (checks) => {
        const name = `count-reload-${crypto.randomUUID()}`
        const writer = openAppDatabase(name)
        await writer.checks.bulkAdd(
          checks.map(({ at, outcome }, index) => {
            const fetchedAt = new Date(at).toISOString()
            return {
              localId: `${fetchedAt}_${index}`,
              fetchedAt,
              outcome,
              searchTerms: [],
            } as never
          }),
        )
        writer.close()
        await db.delete()
        db = openAppDatabase(name)
        expect(await countAllChecks(db)).toBe(checks.length)
      }),
      propertyRuns(40),
    )
  })
})

describe('packed keys', () => {
  it('hands back any run of the keys packed, whatever their lengths', () => {
    const keys = ['2026-11-24T02:00:00.000Z_b', '2026-11-24T01:00:00.000Z_a-longer', 'x']
    const packed = packKeys(keys)
    expect(keyCount(packed)).toBe(3)
    expect(keysBetween(packed, 0, 3)).toEqual(keys)
    expect(keysBetween(packed, 1, 2)).toEqual([keys[1]])
    expect(keysBetween(packed, 2, 50)).toEqual(['x'])
    expect(keysBetween(packKeys([]), 0, 30)).toEqual([])
  })
})
