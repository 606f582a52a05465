import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BridgeApi, BridgeReply } from '../../../shared/bridge'
import type { CryptoSearchResult } from '../../../shared/bridge/cryptoContract'
import { storedCheck, walletRecord } from '../../../test-support/storedChecks'
import { caseRescreenSteps } from '../data/cases/rescreenCase'
import { appDatabase } from '../data/database/appDatabase'
import { listRescreenSteps } from '../data/rescreen/listRescreen'
import { rescreenWallets } from './rescreenRun'

/**
 * A re-screen a person starts goes to the main side as `rescreen`, not as a watch's: it is
 * confirmed in its dialog, counted against the cap set there (the job it names), never against
 * the scheduled checks' cap.
 */
const wallets = [
  '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1',
  '0x532B77B33A040587e9FD1800088225f99b8B0E8A',
]
const searches: Array<Record<string, unknown>> = []

const invoke = async (method: string, input: Record<string, unknown>): Promise<unknown> => {
  if (method === 'requests.collect') return { ok: true, data: { collected: 1 } }
  if (method !== 'crypto.search') throw new Error(`${method} is not used in this test`)
  searches.push(input)
  const answered = storedCheck(
    `2026-11-23T10:00:0${searches.length}.000Z_later`,
    String(input.query),
    {},
  )
  return {
    ok: true,
    data: { environment: 'local', check: answered.check, evidence: answered.evidence },
  } satisfies BridgeReply<CryptoSearchResult>
}

beforeAll(async () => {
  vi.stubGlobal('window', { complianceDesk: { invoke } as unknown as BridgeApi })
  await appDatabase.checks.bulkPut(
    wallets.map((wallet, index) =>
      storedCheck(`2024-06-01T10:00:0${index}.000Z_${index}`, wallet, {
        sanctions: [walletRecord(wallet)],
      }),
    ),
  )
})

afterAll(() => {
  vi.unstubAllGlobals()
})

describe('a re-screen of History rows or a bulk job’s addresses', () => {
  it('sends every check as a person’s re-screen, in the background', async () => {
    const outcomes = await rescreenWallets(
      listRescreenSteps(),
      wallets.map((query) => ({ environment: 'local' as const, query, queryKey: query })),
      () => undefined,
    )
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['done', 'done'])
    expect(searches.map(({ query, purpose, pace }) => ({ query, purpose, pace }))).toEqual(
      wallets.map((query) => ({ query, purpose: 'rescreen', pace: 'background' })),
    )
  })

  it('names the job whose cap counts its checks, in a case as outside one', async () => {
    searches.length = 0
    const chosen = wallets.map((query) => ({
      environment: 'local' as const,
      query,
      queryKey: query,
    }))
    await rescreenWallets(listRescreenSteps('rescreen-1'), chosen, () => undefined)
    // Only the check is looked at here: what a case keeps of it is rescreenWallets.test's.
    const caseSteps = caseRescreenSteps(
      { recordRescreen: () => Promise.reject(new Error('not recorded in this test')) },
      'case-1',
      'rescreen',
      'rescreen-2',
    )
    await caseSteps.check({
      ...chosen[0]!,
      latest: { localId: '2024-06-01T10:00:00.000Z_0', fetchedAt: '2024-06-01T10:00:00.000Z' },
    })
    expect(searches.map(({ purpose, jobId }) => ({ purpose, jobId }))).toEqual([
      { purpose: 'rescreen', jobId: 'rescreen-1' },
      { purpose: 'rescreen', jobId: 'rescreen-1' },
      { purpose: 'rescreen', jobId: 'rescreen-2' },
    ])
  })
})
