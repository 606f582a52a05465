import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hitsOf } from '../shared/cases/checkHits'
import { sampleWallets } from '../shared/records/sampleWallets'
import { closeCase, decideHit } from '../renderer/src/data/cases/caseRepository'
import { shareCase, syncSharedCases } from '../renderer/src/data/cases/sharedCases'
import {
  caseAsKept,
  keptAfterSync,
  caseWithCheck,
  type TeamDeskOnSandbox,
  teamOfTwo,
  type TeamOfTwo,
} from '../test-support/teamDeskOnSandbox'

const database = 'team'
const wallet = sampleWallets.find((sample) => sample.label === 'Politically exposed person')!.query
const replicated = { timeout: 15_000 }

describe('two desks that decide one hit differently while offline', { timeout: 90_000 }, () => {
  let team: TeamOfTwo
  let relays: Array<TeamOfTwo['relays']['ana']>
  let ana: TeamDeskOnSandbox
  let ben: TeamDeskOnSandbox
  beforeAll(async () => {
    team = await teamOfTwo(database)
    ;({ ana, ben } = team)
    relays = Object.values(team.relays)
  }, 60_000)
  afterAll(async () => {
    await team.stop()
  })

  it('both keep both decisions, closing is refused until someone settles it, then both agree', async () => {
    const { caseId, result, stored } = await caseWithCheck(ana, wallet, 'Disputed wallet')
    await shareCase(ana.db, caseId)
    await expect
      .poll(async () => {
        await syncSharedCases(ben.db)
        return (await ben.db.cases.get(caseId))?.checkIds.length
      }, replicated)
      .toBe(1)
    const hit = hitsOf(result.check)[0]!
    const check = {
      localId: stored.localId,
      environment: stored.environment,
      queryKey: stored.queryKey,
    }
    await Promise.all(relays.map((relay) => relay.cut()))
    await decideHit(ana.db, ana.actor, caseId, {
      check,
      hit,
      decision: 'true_match',
      rationale: 'Same date of birth.',
    })
    await decideHit(ben.db, ben.actor, caseId, {
      check,
      hit,
      decision: 'false_positive',
      rationale: 'Another passport number.',
    })
    await Promise.all(relays.map((relay) => relay.restore()))
    for (const desk of [ana, ben]) {
      await expect
        .poll(async () => {
          await syncSharedCases(desk.db)
          const row = await desk.db.teamCases.get(caseId)
          return row?.disagreements.map((disagreement) =>
            disagreement.kind === 'hit'
              ? disagreement.sides.map((side) => `${side.member}:${side.decision}`).sort()
              : [],
          )
        }, replicated)
        .toEqual([['ana:true_match', 'ben:false_positive']])
    }
    await expect(
      closeCase(ana.db, ana.actor, caseId, {
        outcome: 'inconclusive',
        reason: 'Closing with the dispute open.',
        undecidedHitsReason: 'Out of scope.',
      }),
    ).rejects.toThrow('A disagreement between members stands on this case')

    // Ana decides again, knowing both sides: that settles it on both desks.
    await decideHit(ana.db, ana.actor, caseId, {
      check,
      hit,
      decision: 'false_positive',
      rationale: 'Ben is right: another passport number.',
    })
    const onAna = await caseAsKept(ana.db, caseId)
    expect((await ana.db.teamCases.get(caseId))?.disagreements).toEqual([])
    await expect.poll(() => keptAfterSync(ben, caseId), replicated).toEqual(onAna)
    expect((await ben.db.teamCases.get(caseId))?.disagreements).toEqual([])
    await closeCase(ana.db, ana.actor, caseId, {
      outcome: 'no_concern',
      reason: 'Not the customer.',
      undecidedHitsReason: 'The other records are of other people.',
    })
    expect((await ana.db.cases.get(caseId))?.state).toBe('closed')
  })
})
