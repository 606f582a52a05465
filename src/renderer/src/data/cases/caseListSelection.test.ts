import 'fake-indexeddb/auto'
import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { caseNumber } from '../../../../shared/cases/caseNumber'
import { hitsOf } from '../../../../shared/cases/checkHits'
import { fixtureActor } from '../../../../test-support/evidenceFixtures'
import {
  fixtureWallet,
  storedCheck,
  storedCheckOf,
  walletRecord,
} from '../../../../test-support/storedChecks'
import { openAppDatabase, type AppDatabase, type StoredCheck } from '../database/appDatabase'
import { checkAttemptsSchema } from '../database/migrations/0007-check-attempts'
import { caseSummaryHoldersSchema } from '../database/migrations/0013-case-summary-holders'
import { caseSummaryReviewSchema } from '../database/migrations/0014-case-summary-review'
import { readCaseListRows } from './caseListReads'
import { noCaseListFilters, selectCaseRows, type CaseListFilters } from './caseListSelection'
import { closeCase, createCase, decideHit, linkCheck } from './caseRepository'
import { casesOfChecks } from './caseReads'

let db: AppDatabase
const withHits = storedCheckOf('2026-11-20T10:00:00.000Z_a', 2)
const clean = { ...storedCheckOf('2026-11-21T10:00:00.000Z_b', 0), queryKey: 'bc1qcleanwallet' }

const refOf = (check: StoredCheck) => ({
  localId: check.localId,
  query: check.query,
  fetchedAt: check.fetchedAt,
})

const decide = (caseId: string, index: number, decision: 'true_match' | 'false_positive') =>
  decideHit(db, fixtureActor, caseId, {
    check: withHits,
    hit: hitsOf(withHits.check)[index]!,
    decision,
    rationale: 'Looked at the owner.',
  })

const newCase = (title: string, subject = 'Someone') =>
  createCase(db, fixtureActor, { title, subject, description: '' })

const titles = async (filters: Partial<CaseListFilters>) =>
  selectCaseRows(await readCaseListRows(db), { ...noCaseListFilters, ...filters }).map(
    (row) => row.caseRecord.title,
  )

/** Each change a minute after the one before, so the orders by time are certain. */
let now = Date.parse('2026-11-22T09:00:00.000Z')
const aMinuteLater = () => {
  now += 60_000
  vi.setSystemTime(now)
}

/** Three cases: one with undecided hits, one with a true match, one closed with a clean check. */
const seed = async () => {
  const steps = [
    () => newCase('Alpha wallets', 'ACME Ltd'),
    () => newCase('beta exchange'),
    () => newCase('Gamma mixer'),
  ]
  const ids: string[] = []
  for (const step of steps) {
    aMinuteLater()
    ids.push(await step())
  }
  const [undecided = '', matched = '', closed = ''] = ids
  aMinuteLater()
  await linkCheck(db, fixtureActor, undecided, refOf(withHits))
  aMinuteLater()
  await linkCheck(db, fixtureActor, matched, refOf(withHits))
  aMinuteLater()
  await decide(matched, 0, 'true_match')
  aMinuteLater()
  await decide(matched, 1, 'false_positive')
  aMinuteLater()
  await linkCheck(db, fixtureActor, closed, refOf(clean))
  aMinuteLater()
  await closeCase(db, fixtureActor, closed, { outcome: 'no_concern', reason: 'Clean.' })
  aMinuteLater()
  return { undecided, matched, closed }
}

beforeEach(async () => {
  // Only the clock is faked: IndexedDB's own timers run as they are.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
  db = openAppDatabase(`case-list-${crypto.randomUUID()}`)
  await db.checks.bulkPut([withHits, clean])
})

afterEach(async () => {
  vi.useRealTimers()
  db.close()
  await db.delete()
})

describe('the case list: search, filters and sort', () => {
  it('numbers every case from its id: the same number every time, CD- and eight characters', () => {
    expect(caseNumber('case_7Yt2')).toBe(caseNumber('case_7Yt2'))
    expect(caseNumber('case_7Yt2')).toMatch(/^CD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
    const numbers = new Set(
      Array.from({ length: 5000 }, () => caseNumber(`case_${crypto.randomUUID()}`)),
    )
    expect(numbers.size).toBe(5000)
  })

  it('finds cases by title, subject, number, id and linked identifier, every word anywhere', async () => {
    const { closed } = await seed()
    expect(await titles({ text: 'ALPHA' })).toEqual(['Alpha wallets'])
    expect(await titles({ text: 'acme wall' })).toEqual(['Alpha wallets'])
    expect(await titles({ text: caseNumber(closed).slice(3, 7) })).toEqual(['Gamma mixer'])
    expect(await titles({ text: closed })).toEqual(['Gamma mixer'])
    expect(await titles({ text: 'cleanwall' })).toEqual(['Gamma mixer'])
    expect(await titles({ text: fixtureWallet.slice(-6), sort: 'title' })).toEqual([
      'Alpha wallets',
      'beta exchange',
    ])
    expect(await titles({ text: 'nothing like it' })).toEqual([])
  })

  it('finds a case by the holder its checks name, also one summarised before holders were kept', async () => {
    const listed = '0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c'
    const sim = storedCheck('2026-11-22T10:00:00.000Z_c', listed, {
      sanctions: ['ARB', 'ETH'].map((currency) =>
        walletRecord(listed, { alias: ['Sim, Hyon Sop'], currency: [currency] }),
      ),
    })
    await db.checks.put(sim)
    await seed()
    const id = await newCase('Delta payments')
    await linkCheck(db, fixtureActor, id, refOf(sim))
    expect(await titles({ text: 'hyon sop' })).toEqual(['Delta payments'])
    expect((await db.caseSummaries.get(id))?.holders).toEqual(['Sim, Hyon Sop'])

    // A summary kept before holders were: migration 13 adds them from the case's checks.
    await db.caseSummaries.update(id, { holders: undefined })
    expect(await titles({ text: 'hyon sop' })).toEqual([])
    await db.transaction(
      'rw',
      [db.cases, db.checks, db.importedCaseContents, db.caseSummaries],
      (transaction) => caseSummaryHoldersSchema.upgrade?.(transaction),
    )
    expect(await titles({ text: 'SIM, HYON' })).toEqual(['Delta payments'])
  })

  it('counts a re-screened wallet’s hits once, also in a summary counted before (migration 14)', async () => {
    await seed()
    const id = await newCase('Epsilon re-screen')
    const again = {
      ...withHits,
      localId: '2026-11-22T10:00:00.000Z_d',
      fetchedAt: '2026-11-22T10:00:00.000Z',
    }
    await db.checks.put(again)
    await linkCheck(db, fixtureActor, id, refOf(withHits))
    await linkCheck(db, fixtureActor, id, refOf(again))
    expect((await db.caseSummaries.get(id))?.hits).toMatchObject({ total: 2, undecided: 2 })

    // A summary counted the old way, every linked check's hits: migration 14 counts it again.
    await db.caseSummaries.update(id, { 'hits.total': 4, 'hits.undecided': 4 })
    await db.transaction(
      'rw',
      [db.cases, db.checks, db.hitDecisions, db.importedCaseContents, db.caseSummaries],
      (transaction) => caseSummaryReviewSchema.upgrade?.(transaction),
    )
    expect((await db.caseSummaries.get(id))?.hits).toMatchObject({ total: 2, undecided: 2 })
  })

  it('filters by state and by what the hits and the closure say', async () => {
    await seed()
    expect(await titles({ state: 'closed' })).toEqual(['Gamma mixer'])
    expect(await titles({ state: 'open', sort: 'title' })).toEqual([
      'Alpha wallets',
      'beta exchange',
    ])
    expect(await titles({ outcome: 'to_decide' })).toEqual(['Alpha wallets'])
    expect(await titles({ outcome: 'true_match' })).toEqual(['beta exchange'])
    expect(await titles({ outcome: 'no_hits' })).toEqual(['Gamma mixer'])
    expect(await titles({ outcome: 'closed_no_concern' })).toEqual(['Gamma mixer'])
    expect(await titles({ outcome: 'with_hits', state: 'closed' })).toEqual([])
  })

  it('sorts by last change, by creation and by title', async () => {
    await seed()
    expect(await titles({ sort: 'updated' })).toEqual([
      'Gamma mixer',
      'beta exchange',
      'Alpha wallets',
    ])
    expect(await titles({ sort: 'created' })).toEqual([
      'Gamma mixer',
      'beta exchange',
      'Alpha wallets',
    ])
    expect(await titles({ sort: 'title' })).toEqual([
      'Alpha wallets',
      'beta exchange',
      'Gamma mixer',
    ])
    const alpha = (await db.cases.toArray()).find((row) => row.title === 'Alpha wallets')!
    await decide(alpha.id, 0, 'false_positive')
    expect(await titles({ sort: 'updated' })).toEqual([
      'Alpha wallets',
      'Gamma mixer',
      'beta exchange',
    ])
    expect(await titles({ sort: 'created' })).toEqual([
      'Gamma mixer',
      'beta exchange',
      'Alpha wallets',
    ])
  })

  it('tells History which cases a check is in and where their decisions on it stand', async () => {
    const { undecided, matched } = await seed()
    const found = await casesOfChecks(db, [withHits, clean])
    const ofHits = found.get(withHits.localId)!
    expect(ofHits.map((entry) => [entry.caseId, entry.hits.undecided]).sort()).toEqual(
      [
        [undecided, 2],
        [matched, 0],
      ].sort(),
    )
    expect(ofHits.find((entry) => entry.caseId === matched)?.hits.byDecision.true_match).toBe(1)
    expect(found.get(clean.localId)?.map((entry) => entry.title)).toEqual(['Gamma mixer'])
  })

  it('tells History where a case stands on a check it reviews by a later check of the wallet', async () => {
    const id = await newCase('Zeta re-screen')
    const again = {
      ...withHits,
      localId: '2026-11-22T10:00:00.000Z_d',
      fetchedAt: '2026-11-22T10:00:00.000Z',
    }
    await db.checks.put(again)
    await linkCheck(db, fixtureActor, id, refOf(withHits))
    await linkCheck(db, fixtureActor, id, refOf(again))
    for (const hit of hitsOf(again.check)) {
      await decideHit(db, fixtureActor, id, {
        check: again,
        hit,
        decision: 'false_positive',
        rationale: 'Looked at the owner.',
      })
    }
    const found = await casesOfChecks(db, [withHits, again])
    // The earlier check's own hits were never decided: the case decided them on the later one.
    for (const check of [withHits, again]) {
      expect(found.get(check.localId)?.[0]?.hits).toMatchObject({ total: 2, undecided: 0 })
    }
  })

  it('migration 0009 summarises the cases kept before it', async () => {
    const { undecided, matched } = await seed()
    const name = db.name
    const kept = await db.cases.toArray()
    const decisions = await db.hitDecisions.toArray()
    db.close()
    await Dexie.delete(name)
    const before = new Dexie(name)
    before.version(checkAttemptsSchema.version).stores({
      ...checkAttemptsSchema.stores,
      cases: '&id, updatedAt, *checkIds, *entityKeys',
      hitDecisions: '&id, caseId, [queryKey+hitKey]',
      importedCaseContents: '&caseId',
    })
    await before.table('checks').bulkPut([withHits, clean])
    await before.table('cases').bulkPut(kept)
    await before.table('hitDecisions').bulkPut(decisions)
    before.close()
    db = openAppDatabase(name)
    const summaries = new Map((await db.caseSummaries.toArray()).map((row) => [row.caseId, row]))
    expect(summaries.get(undecided)?.hits.undecided).toBe(2)
    expect(summaries.get(matched)?.hits.byDecision.true_match).toBe(1)
    expect(summaries.get(matched)?.identifiers).toEqual([fixtureWallet.toLowerCase()])
  })
})
