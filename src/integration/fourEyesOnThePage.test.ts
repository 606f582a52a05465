import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sampleWallets } from '../shared/records/sampleWallets'
import { addNote, closeCase } from '../renderer/src/data/cases/caseRepository'
import { auditTrailOf } from '../renderer/src/data/cases/caseReads'
import {
  approveClose,
  assignCase,
  requestReview,
  sendBackClose,
} from '../renderer/src/data/cases/fourEyesCalls'
import { syncSharedCases } from '../renderer/src/data/cases/sharedCases'
import { reviewStanding } from '../renderer/src/features/cases/fourEyesWords'
import {
  sharedTrueMatch,
  teamOfTwo,
  type TeamDeskOnSandbox as Desk,
  type TeamOfTwo,
} from '../test-support/teamDeskOnSandbox'

const wallet = sampleWallets.find((sample) => sample.label === 'Politically exposed person')!.query
/** Replication on a loaded 2-core machine takes seconds. */
const replicated = { timeout: 15_000 }
const closing = {
  outcome: 'risk_confirmed',
  reason: 'The wallet is listed.',
  undecidedHitsReason: 'The listing settles it.',
} as const

/** The shared case's row on a desk's page, after the page took in what arrived. */
const rowOn = async (desk: Desk, caseId: string) => {
  await syncSharedCases(desk.db)
  return desk.db.teamCases.get(caseId)
}

/** What the review panel of the case would show on a desk's page, from what the page keeps. */
const panelOn = async (desk: Desk, caseId: string) => {
  const row = await rowOn(desk, caseId)
  const caseRecord = await desk.db.cases.get(caseId)
  const trail = await auditTrailOf(desk.db, caseId).toArray()
  return caseRecord && row ? reviewStanding(row, trail, caseRecord.state) : null
}

describe('four eyes through the page’s data layer: two desks and the team server', () => {
  let team: TeamOfTwo
  let ana: Desk
  let ben: Desk
  beforeAll(async () => {
    team = await teamOfTwo('four-eyes')
    ;({ ana, ben } = team)
    // Roles are given to a member whose key is in the roster: ben's arrives by replication.
    await vi.waitFor(async () => {
      const view = await ana.call('team.view', {})
      expect(view.joined && view.roster.map((entry) => entry.member)).toContain('ben')
    }, replicated)
    await ana.call('team.setRoles', { member: 'ben', roles: ['investigator', 'reviewer'] })
  }, 60_000)
  afterAll(() => team.stop())

  it(
    'asks, is approved by the other desk, withdraws the approval by a change, and closes on both once approved again',
    { timeout: 120_000 },
    async () => {
      const caseId = (await sharedTrueMatch(ana, wallet, 'Listed wallet')).caseId
      await assignCase(ana.db, caseId, 'ben')
      expect((await ana.db.teamCases.get(caseId))?.assignment).toMatchObject({
        assignee: 'ben',
        contested: false,
      })
      expect((await auditTrailOf(ana.db, caseId).last())?.summary).toBe(
        'Assigned to Investigator ben (ben)',
      )

      await requestReview(ana.db, caseId, 'risk_confirmed', 'The wallet is listed.')
      // Kept at once on the asking desk: no wait for replication.
      const asked = await ana.db.teamCases.get(caseId)
      const request = asked?.awaitedReview?.request.entryId
      expect(asked?.awaitedReview).toMatchObject({
        request: { member: 'ana', outcome: 'risk_confirmed', reason: 'The wallet is listed.' },
        approvers: ['ben'],
      })
      expect(await panelOn(ana, caseId)).toMatchObject({
        kind: 'waiting',
        mine: true,
        mayAnswer: false,
      })
      await expect(approveClose(ana.db, caseId, request!)).rejects.toThrow(
        'Investigator ana (ana) cannot approve their own close request.',
      )

      await expect.poll(async () => (await panelOn(ben, caseId))?.kind, replicated).toBe('waiting')
      expect(await panelOn(ben, caseId)).toMatchObject({ mine: false, mayAnswer: true })
      await approveClose(ben.db, caseId, request!)
      expect(await panelOn(ben, caseId)).toMatchObject({ kind: 'approved', mayClose: false })
      await expect.poll(async () => (await panelOn(ana, caseId))?.kind, replicated).toBe('approved')
      expect(await panelOn(ana, caseId)).toMatchObject({ mayClose: true })

      await addNote(ana.db, ana.actor, caseId, 'One more transfer found.')
      const withdrawn = await panelOn(ana, caseId)
      expect(withdrawn).toMatchObject({
        kind: 'waiting',
        withdrawn: { approval: { action: 'approved' }, change: { action: 'note-added' } },
      })
      await expect(closeCase(ana.db, ana.actor, caseId, closing)).rejects.toThrow(
        /withdrew the approval\.$/,
      )

      await expect.poll(async () => (await panelOn(ben, caseId))?.kind, replicated).toBe('waiting')
      await approveClose(ben.db, caseId, request!)
      await expect
        .poll(async () => (await rowOn(ana, caseId))?.closeVerdict?.may, replicated)
        .toBe(true)
      await closeCase(ana.db, ana.actor, caseId, closing)
      expect(await panelOn(ana, caseId)).toBeNull()
      await expect
        .poll(
          async () => (await rowOn(ben, caseId)) && (await ben.db.cases.get(caseId))?.state,
          replicated,
        )
        .toBe('closed')
    },
  )

  it(
    'a reviewer sends a request back with a reason, and the requester reads it',
    { timeout: 90_000 },
    async () => {
      const caseId = (await sharedTrueMatch(ana, wallet, 'Wallet to ask about')).caseId
      await requestReview(ana.db, caseId, 'inconclusive', 'Nothing more to find.')
      const request = (await ana.db.teamCases.get(caseId))?.awaitedReview?.request.entryId
      await expect
        .poll(async () => (await rowOn(ben, caseId))?.awaitedReview?.request.entryId, replicated)
        .toBe(request)
      await sendBackClose(ben.db, caseId, request!, 'Ask the exchange first.')
      expect((await ben.db.teamCases.get(caseId))?.awaitedReview).toBeNull()
      await expect
        .poll(async () => (await panelOn(ana, caseId))?.kind, replicated)
        .toBe('sent-back')
      expect(await panelOn(ana, caseId)).toMatchObject({ reason: 'Ask the exchange first.' })
      await expect(assignCase(ana.db, caseId, 'zed')).rejects.toThrow(
        '“zed” is not a member of the team: a case is assigned only to a member in the roster.',
      )
    },
  )
})
