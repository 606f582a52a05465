import { describe, expect, it } from 'vitest'
import { storedCheck, walletRecord } from '../../test-support/storedChecks'
import { decisionsOfCase, hitsUnderReview, noLongerListed, walletsUnderReview } from './caseReview'
import { tallyHits } from './caseRules'
import type { HitDecision } from './caseSchemas'
import { hitDecisionId, hitsOf } from './checkHits'

const wallet = (index: number): string => `0x${index.toString(16).padStart(40, '0')}`

/** A check of `query` at `time` (a minute of 26 November 2026) listing `records` sanctions records. */
const checkAt = (time: string, query: string, records: string[]) =>
  storedCheck(`2026-11-26T10:${time}:00.000Z_${query}`, query, {
    sanctions: records.map((key) => walletRecord(key, { alias: [`Holder of ${key}`] })),
  })

const decided = (checkId: string, hitKey: string): HitDecision => ({
  id: hitDecisionId('case_1', checkId, hitKey),
  caseId: 'case_1',
  checkId,
  environment: 'local',
  queryKey: 'q',
  hitKey,
  category: 'sanctions',
  recordTitle: hitKey,
  decision: 'false_positive',
  rationale: 'Not our customer.',
  decidedAt: '2026-11-26T11:00:00.000Z',
})

const byId = (decisions: HitDecision[]) => new Map(decisions.map((d) => [d.id, d]))

describe('a case reviews each wallet by its latest check', () => {
  it('keeps 17 undecided hits at 17 after a re-screen that found the same records for 11 of 12 wallets', () => {
    // Twelve wallets: the first has six records, the other eleven one each, 17 in all.
    const records = (index: number) =>
      index === 0 ? [1, 2, 3, 4, 5, 6].map((n) => `${wallet(0)}-${n}`) : [wallet(index)]
    const first = Array.from({ length: 12 }, (_, index) =>
      checkAt('00', wallet(index), records(index)),
    )
    // The re-screen: the same for eleven, one record fewer for the twelfth.
    const again = Array.from({ length: 12 }, (_, index) =>
      checkAt('30', wallet(index), index === 0 ? records(0).slice(1) : records(index)),
    )
    expect(tallyHits('case_1', first, new Map())).toMatchObject({ total: 17, undecided: 17 })
    expect(tallyHits('case_1', [...first, ...again], new Map())).toMatchObject({
      total: 16,
      undecided: 16,
    })
  })

  it('takes the check fetched last as the latest, whatever order they were linked in', () => {
    const later = checkAt('30', wallet(1), [wallet(1)])
    const earlier = checkAt('00', wallet(1), [wallet(1)])
    const other = storedCheck(`2026-11-26T10:45:00.000Z_x`, wallet(1), {})
    const production = { ...other, environment: 'production' as const }
    expect(
      walletsUnderReview([later, production, earlier]).map(({ latest, earlier: before }) => [
        latest.localId,
        before.map((check) => check.localId),
      ]),
    ).toEqual([
      [later.localId, [earlier.localId]],
      // Another environment is another wallet: its checks never stand in for these.
      [production.localId, []],
    ])
  })

  it('carries a decision by record identity to a later check linked by hand, and leaves a new record undecided', () => {
    const earlier = checkAt('00', wallet(1), [wallet(1)])
    const later = checkAt('30', wallet(1), [wallet(1), wallet(2)])
    const [kept] = hitsOf(earlier.check)
    const decisions = byId([decided(earlier.localId, kept!.hitKey)])
    const reviewed = hitsUnderReview(
      [earlier, later],
      (c) => hitsOf(c.check),
      decisionsOfCase(decisions, 'case_1'),
    )
    expect(
      reviewed.map(({ checkId, decision, decidedOnEarlier }) => ({
        checkId,
        decision: decision?.decision,
        decidedOnEarlier,
      })),
    ).toEqual([
      { checkId: later.localId, decision: 'false_positive', decidedOnEarlier: earlier.localId },
      { checkId: later.localId, decision: undefined, decidedOnEarlier: undefined },
    ])
  })

  it('lets a decision made on the latest check stand over one made on an earlier check', () => {
    const earlier = checkAt('00', wallet(1), [wallet(1)])
    const later = checkAt('30', wallet(1), [wallet(1)])
    const [hit] = hitsOf(later.check)
    const own = { ...decided(later.localId, hit!.hitKey), decision: 'true_match' as const }
    const decisions = byId([decided(earlier.localId, hit!.hitKey), own])
    expect(tallyHits('case_1', [earlier, later], decisions)).toMatchObject({
      total: 1,
      byDecision: { true_match: 1, false_positive: 0 },
    })
  })
})

describe('records a wallet’s latest check no longer lists', () => {
  it('are named once, as last listed, with when the wallet was first checked without them', () => {
    const first = checkAt('00', wallet(1), [wallet(1), wallet(2), wallet(3)])
    const second = checkAt('10', wallet(1), [wallet(1), wallet(2)])
    const latest = checkAt('20', wallet(1), [wallet(1)])
    const [wallet1] = walletsUnderReview([first, second, latest])
    expect(
      noLongerListed(wallet1!).map(({ check, hit, since }) => [check.localId, hit.title, since]),
    ).toEqual([
      [second.localId, wallet(2), latest.fetchedAt],
      [first.localId, wallet(3), second.fetchedAt],
    ])
  })

  it('leaves out a record listed again by the latest check', () => {
    const first = checkAt('00', wallet(1), [wallet(1), wallet(2)])
    const second = checkAt('10', wallet(1), [wallet(1)])
    const latest = checkAt('20', wallet(1), [wallet(1), wallet(2)])
    expect(noLongerListed(walletsUnderReview([first, second, latest])[0]!)).toEqual([])
  })
})
