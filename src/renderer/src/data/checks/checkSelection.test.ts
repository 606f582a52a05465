import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { CryptoSearchResult } from '../../../../shared/bridge/cryptoContract'
import type { EnvironmentId } from '../../../../shared/environments'
import { openAppDatabase, type AppDatabase } from '../database/appDatabase'
import { latestCheckOf, saveCheck, toStoredCheck } from './checkRepository'
import {
  noCheckFilters,
  readSelectionWindow,
  selectChecks,
  type CheckFilters,
  type CheckSelection,
} from './checkSelection'

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
  const size = selection.kind === 'all' ? selection.count : selection.keys.length
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

  it('finds the latest check of an identifier per environment for the money guard', async () => {
    await seed()
    expect((await latestCheckOf(db, 'production', '0xABC'))?.localId).toBe(
      '2026-11-10T10:00:00.000Z_c',
    )
    expect((await latestCheckOf(db, 'sandbox', '0xABC'))?.localId).toBeUndefined()
  })
})
