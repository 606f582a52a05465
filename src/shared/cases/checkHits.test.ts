import { describe, expect, it } from 'vitest'
import type { CryptoCheck } from '../bridge/cryptoContract'
import { walletRecord } from '../../test-support/storedChecks'
import { tallyHits } from './caseRules'
import type { HitDecision } from './caseSchemas'
import { decisionOnHit, hitDecisionId, hitKeyOf, hitKeyParts, hitsOf } from './checkHits'
import { groupHitsByRecord } from './recordGroups'

/** OFAC lists one wallet of "Sim, Hyon Sop" for ARB, BSC and ETH: three records. */
const simWallet = '0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c'
const simOn = (currency: string) =>
  walletRecord(simWallet, { alias: ['Sim, Hyon Sop'], currency: [currency], amountUsd: ['1.00'] })
const simCheck: CryptoCheck = {
  id: 'chk_sim',
  status: 'review_required',
  totalEntity: 3,
  categoryCount: { sanctions: 3 },
  categories: { sanctions: [simOn('ARB'), simOn('BSC'), simOn('ETH')] },
}

/** The check of the Sim wallet linked to the case as `local_1`. */
const simLinked = {
  localId: 'local_1',
  environment: 'local',
  queryKey: simWallet,
  fetchedAt: '2026-11-26T09:00:00.000Z',
  check: simCheck,
}

const decisionOn = (hitKey: string): HitDecision => ({
  id: hitDecisionId('case_1', 'local_1', hitKey),
  caseId: 'case_1',
  checkId: 'local_1',
  environment: 'local',
  queryKey: simWallet,
  hitKey,
  category: 'sanctions',
  recordTitle: simWallet,
  decision: 'true_match',
  rationale: 'The holder is our customer’s director.',
  decidedAt: '2026-11-26T10:00:00.000Z',
})

describe('a hit is the record the list lists, on its chain', () => {
  it('reads the wallet listed for three chains as three records, each naming its holder and chain', () => {
    const hits = hitsOf(simCheck)
    expect(hits.map(({ hitKey, holder, chains }) => ({ hitKey, holder, chains }))).toEqual([
      {
        hitKey: `sanctions:${simWallet}@ARB#Sim, Hyon Sop`,
        holder: 'Sim, Hyon Sop',
        chains: ['ARB'],
      },
      {
        hitKey: `sanctions:${simWallet}@BSC#Sim, Hyon Sop`,
        holder: 'Sim, Hyon Sop',
        chains: ['BSC'],
      },
      {
        hitKey: `sanctions:${simWallet}@ETH#Sim, Hyon Sop`,
        holder: 'Sim, Hyon Sop',
        chains: ['ETH'],
      },
    ])
    expect(groupHitsByRecord(hits)).toHaveLength(3)
  })

  it('keeps a decision on one chain to that chain: the other two stay undecided', () => {
    const [, , eth] = hitsOf(simCheck)
    const decision = decisionOn(eth!.hitKey)
    const decisions = new Map([[decision.id, decision]])
    expect(
      hitsOf(simCheck).map((hit) => decisionOnHit(decisions, 'case_1', 'local_1', hit)?.decision),
    ).toEqual([undefined, undefined, 'true_match'])
    expect(tallyHits('case_1', [simLinked], decisions)).toMatchObject({
      total: 3,
      undecided: 2,
      byDecision: { true_match: 1 },
    })
  })

  it('reads a decision made before hits named their chain as it was made: on the record, every chain', () => {
    const earlier = decisionOn(`sanctions:${simWallet}`)
    const decisions = new Map([[earlier.id, earlier]])
    expect(tallyHits('case_1', [simLinked], decisions)).toMatchObject({
      total: 3,
      undecided: 0,
      byDecision: { true_match: 3 },
    })
  })

  it('gives a wallet listed for two holders on one chain a hit per holder', () => {
    const shared = '1H939dom7i4WDLCKyGbXUp3fs9CSTNRzgL'
    const check: CryptoCheck = {
      ...simCheck,
      categories: {
        sanctions: [
          walletRecord(shared, { alias: ['Khatibi Aghada, Ahmad'], currency: ['XBT'] }),
          walletRecord(shared, { alias: ['Nikaeen Ravari, Amir Hossein'], currency: ['XBT'] }),
        ],
      },
    }
    const [first, second] = hitsOf(check)
    expect(first?.hitKey).not.toEqual(second?.hitKey)
  })
})

describe('a hit key read back', () => {
  it('names the chains and holders the key was made with, or none for a key from before', () => {
    const parts = hitsOf(simCheck).map((hit) => hitKeyParts(hit.hitKey))
    expect(parts).toEqual(
      ['ARB', 'BSC', 'ETH'].map((chain) => ({ chains: [chain], holders: ['Sim, Hyon Sop'] })),
    )
    expect(hitKeyParts(`sanctions:${simWallet}`)).toEqual({ chains: [], holders: [] })
    const twoHolders = hitKeyOf('sanctions', {
      publicKey: ['1H939dom'],
      currency: ['XBT', 'BCH'],
      alias: ['Nikaeen Ravari, Amir Hossein', 'Khatibi Aghada, Ahmad'],
    })
    expect(hitKeyParts(twoHolders)).toEqual({
      chains: ['BCH', 'XBT'],
      holders: ['Khatibi Aghada, Ahmad', 'Nikaeen Ravari, Amir Hossein'],
    })
  })
})
