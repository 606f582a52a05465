import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { storedCheck, walletRecord } from '../../test-support/storedChecks'
import { nextAuditEntry, type AuditChange } from './auditChain'
import { decisionsOfCase, hitsUnderReview, unlinkingEffect, walletsUnderReview } from './caseReview'
import { tallyHits } from './caseRules'
import type { AuditEntry, HitDecision } from './caseSchemas'
import { hitDecisionId, hitsOf } from './checkHits'
import { replayTrail } from './replayTrail'

const caseId = 'case_1'
const actor = {
  name: 'Ana Example',
  email: 'ana@example.org',
  organisation: 'Example Ltd',
  fingerprint: '0'.repeat(32),
}
const records = ['0xa1', '0xa2', '0xa3']

/** The wallet's three checks, oldest first, each listing the records of `listed` (by index). */
const checksListing = (listed: number[][]) =>
  listed.map((indexes, order) =>
    storedCheck(`2026-11-26T10:0${order}:00.000Z_w`, '0xwallet', {
      sanctions: indexes.map((index) => walletRecord(records[index]!)),
    }),
  )

type Check = ReturnType<typeof checksListing>[number]

const hitKeyOf = (check: Check, record: number): string | undefined =>
  hitsOf(check.check).find((hit) => hit.title === records[record])?.hitKey

const decisionOn = (check: Check, hitKey: string, seq: number): HitDecision => ({
  id: hitDecisionId(caseId, check.localId, hitKey),
  caseId,
  checkId: check.localId,
  environment: 'local',
  queryKey: check.queryKey,
  hitKey,
  category: 'sanctions',
  recordTitle: hitKey,
  decision: 'false_positive',
  rationale: `Decision ${seq}.`,
  decidedAt: '2026-11-26T11:00:00.000Z',
})

/**
 * What people did with each record of each check, as the case repository writes it on the trail:
 * a decision made on it ('decide'); one carried to it from the check before by a re-screen that
 * found the record again ('carry'), and then revised on it ('carry, revise'); or nothing.
 */
type Step = 'none' | 'decide' | 'carry' | 'carry, revise'

function trailOf(checks: Check[], steps: Step[][]): AuditEntry[] {
  const changes: AuditChange[] = [
    { action: 'created', summary: 'Opened', before: null, after: { title: 'T' } },
  ]
  const standing = new Map<string, HitDecision>()
  const decide = (check: Check, hitKey: string) => {
    const decision = decisionOn(check, hitKey, changes.length)
    standing.set(decision.id, decision)
    changes.push({ action: 'hit-decided', summary: 'Decided', before: null, after: decision })
  }
  checks.forEach((check, order) => {
    const before = checks[order - 1]
    const carried: HitDecision[] = []
    steps[order]!.forEach((step, record) => {
      const hitKey = hitKeyOf(check, record)
      const earlierKey = before && hitKeyOf(before, record)
      const earlier = earlierKey && standing.get(hitDecisionId(caseId, before.localId, earlierKey))
      if (!hitKey || !step.startsWith('carry') || !earlier) return
      const copy = {
        ...earlier,
        id: hitDecisionId(caseId, check.localId, hitKey),
        checkId: check.localId,
        carriedFrom: before.localId,
      }
      standing.set(copy.id, copy)
      carried.push(copy)
    })
    if (carried.length > 0) {
      changes.push({
        action: 'rescreened',
        summary: 'Re-screened',
        before: null,
        after: { carried },
      })
    }
    steps[order]!.forEach((step, record) => {
      const hitKey = hitKeyOf(check, record)
      if (hitKey && (step === 'decide' || step === 'carry, revise')) decide(check, hitKey)
    })
  })
  return changes.reduce<AuditEntry[]>(
    (trail, change) => [...trail, nextAuditEntry(caseId, trail.at(-1), change, actor)],
    [],
  )
}

const unlinkingOf = (check: Check): AuditChange => ({
  action: 'check-unlinked',
  summary: 'Unlinked',
  before: { check: { localId: check.localId, query: check.query, fetchedAt: check.fetchedAt } },
  after: null,
})

const hitsOfCheck = (check: Check) => hitsOf(check.check)

const walletOf = (checks: Check[]) => walletsUnderReview(checks)[0]!

describe('what unlinking a check withdraws', () => {
  it('is what the trail’s replay withdraws; carried decisions stay; the latest check loses what it kept from the check', () => {
    const listing = fc.array(fc.subarray([0, 1, 2]), { minLength: 3, maxLength: 3 })
    const step = fc.constantFrom<Step>('none', 'decide', 'carry', 'carry, revise')
    const steps = fc.array(fc.array(step, { minLength: 3, maxLength: 3 }), {
      minLength: 3,
      maxLength: 3,
    })
    fc.assert(
      fc.property(listing, steps, fc.nat(2), (listed, done, unlinkedIndex) => {
        const checks = checksListing(listed)
        const trail = trailOf(checks, done)
        const unlinked = checks[unlinkedIndex]!
        const before = replayTrail(trail).decisions
        const after = replayTrail([
          ...trail,
          nextAuditEntry(caseId, trail.at(-1), unlinkingOf(unlinked), actor),
        ]).decisions
        const effect = unlinkingEffect(caseId, walletOf(checks), unlinked, before, hitsOfCheck)

        const withdrawn = new Set(effect.withdrawn.map((decision) => decision.id))
        expect([...after.keys()]).toEqual([...before.keys()].filter((id) => !withdrawn.has(id)))
        const carriedOn = [...before.values()].filter(
          (decision) => decision.carriedFrom === unlinked.localId,
        )
        expect(carriedOn.every((decision) => after.has(decision.id))).toBe(true)
        expect(effect.carriedOn).toBe(carriedOn.length)

        const remaining = checks.filter((check) => check !== unlinked)
        if (unlinked === walletOf(checks).latest) {
          expect([effect.standingOnLatest, effect.thenUndecided]).toEqual([0, 0])
          return
        }
        // The latest check stays the latest: its hits are the same before and after.
        const review = (linked: Check[], decisions: Map<string, HitDecision>) =>
          hitsUnderReview(linked, hitsOfCheck, decisionsOfCase(decisions, caseId))
        const was = review(checks, before)
        const is = review(remaining, after)
        const lost = was.filter((hit, index) => hit.decision?.id !== is[index]?.decision?.id)
        expect(effect.standingOnLatest).toBe(lost.length)
        expect(effect.thenUndecided).toBe(
          tallyHits(caseId, remaining, after).undecided -
            tallyHits(caseId, checks, before).undecided,
        )
      }),
      { numRuns: 300 },
    )
  })

  it('names a decision kept on the latest check, and one carried to it, apart', () => {
    // The first record decided on the earlier check and carried; the second decided there and
    // read by record on the later check, linked by hand for it.
    const checks = checksListing([[0, 1], [0, 1], []]).slice(0, 2)
    const trail = trailOf(checks, [
      ['decide', 'decide', 'none'],
      ['carry', 'none', 'none'],
    ])
    const decisions = replayTrail(trail).decisions
    expect(
      unlinkingEffect(caseId, walletOf(checks), checks[0]!, decisions, hitsOfCheck),
    ).toMatchObject({ standingOnLatest: 1, thenUndecided: 1, carriedOn: 1 })
    expect(
      unlinkingEffect(caseId, walletOf(checks), checks[0]!, decisions, hitsOfCheck).withdrawn,
    ).toHaveLength(2)
  })
})
