import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BridgeApi, BridgeReply } from '../../../shared/bridge'
import type { CryptoSearchResult } from '../../../shared/bridge/cryptoContract'
import { fixtureActor } from '../../../test-support/evidenceFixtures'
import { storedCheck, walletRecord } from '../../../test-support/storedChecks'
import { createCase, linkCheck } from '../data/cases/caseRepository'
import { appDatabase, type StoredCheck } from '../data/database/appDatabase'
import { screenWatched } from './watchScreen'

/**
 * A watched Production case whose second wallet meets the main side's refusal: the renderer sends
 * each check as the watch's and leaves the money to the main side; the run stops at the refusal,
 * keeping what the first wallet's check found.
 */
const first = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1'
const second = '0x532B77B33A040587e9FD1800088225f99b8B0E8A'
const refusal =
  'Nothing was sent: scheduled re-screens have spent this month’s cap of 1 billed check.'

const inProduction = (check: StoredCheck): StoredCheck => ({
  ...check,
  environment: 'production',
  evidence: { ...check.evidence, environment: 'production' },
})
const earlier = [first, second].map((wallet, index) =>
  inProduction(
    storedCheck(`2026-11-2${index}T10:00:00.000Z_${index}`, wallet, {
      sanctions: [walletRecord(wallet)],
    }),
  ),
)

const searches: Array<Record<string, unknown>> = []

/** The main side as the renderer meets it: the first check answered (delisted), then refused. */
const invoke = async (method: string, input: Record<string, unknown>): Promise<unknown> => {
  if (method === 'requests.collect') return { ok: true, data: { collected: 1 } }
  if (method !== 'crypto.search') throw new Error(`${method} is not used in this test`)
  searches.push(input)
  if (searches.length > 1) {
    return {
      ok: false,
      error: { name: 'BudgetReachedError', message: refusal, mayHaveReachedService: false },
    } satisfies BridgeReply<never>
  }
  const answered = inProduction(storedCheck('2026-11-23T10:00:00.000Z_later', first, {}))
  return {
    ok: true,
    data: { environment: 'production', check: answered.check, evidence: answered.evidence },
  } satisfies BridgeReply<CryptoSearchResult>
}

let caseId: string

beforeAll(async () => {
  // The renderer's bridge client finds its transport where Electron's preload puts it.
  vi.stubGlobal('window', { complianceDesk: { invoke } as unknown as BridgeApi })
  await appDatabase.checks.bulkPut(earlier)
  caseId = await createCase(appDatabase, fixtureActor, {
    title: 'Two wallets',
    subject: 'Mixer',
    description: '',
  })
  for (const check of earlier) {
    await linkCheck(appDatabase, fixtureActor, caseId, {
      localId: check.localId,
      query: check.query,
      fetchedAt: check.fetchedAt,
    })
  }
})

afterAll(() => {
  vi.unstubAllGlobals()
})

describe('a watched case in Production', () => {
  it('sends every check as the watch’s, stops at the main side’s refusal and keeps what it found before', async () => {
    const run = await screenWatched(
      {
        kind: 'case',
        caseId,
        id: `case|${caseId}`,
        cadence: 'daily',
        createdAt: '2026-11-20T10:00:00.000Z',
        createdBy: fixtureActor,
        nextDueAt: '2026-11-23T10:00:00.000Z',
      },
      new Date('2026-11-23T10:00:00.000Z'),
    )
    expect(searches.map(({ query, purpose }) => ({ query, purpose }))).toEqual([
      { query: first, purpose: 'watch' },
      { query: second, purpose: 'watch' },
    ])
    expect(run.problem).toBe(`${second}: ${refusal}`)
    expect(run.changes.map(({ query, removed }) => ({ query, removed }))).toEqual([
      { query: first, removed: [`sanctions:${first}`] },
    ])
  })
})
