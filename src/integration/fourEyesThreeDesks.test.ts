import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BridgeOutput } from '../shared/bridge'
import { sampleWallets } from '../shared/records/sampleWallets'
import {
  addNote,
  changeState,
  closeCase,
  createCase,
} from '../renderer/src/data/cases/caseRepository'
import { shareCase, syncSharedCases } from '../renderer/src/data/cases/sharedCases'
import {
  sharedTrueMatch,
  teamDeskOnSandbox,
  type TeamDeskOnSandbox as Desk,
} from '../test-support/teamDeskOnSandbox'
import { setUpTeamForTest, startTeamServer, type TeamServer } from '../test-support/teamServer'

const database = 'team'
const wallet = sampleWallets.find((sample) => sample.label === 'Politically exposed person')!.query
/** Replication on a loaded 2-core machine takes seconds, not the poll's default 1 s. */
const replicated = { timeout: 15_000 }
const closing = {
  outcome: 'risk_confirmed',
  reason: 'The wallet is listed.',
  undecidedHitsReason: 'The listing settles it.',
} as const

type View = Extract<BridgeOutput<'team.view'>, { joined: true }>
const rosterOf = async (desk: Desk): Promise<View['roster']> => {
  const view = await desk.call('team.view', {})
  return view.joined ? view.roster : []
}
const rolesOf = async (desk: Desk, member: string) =>
  (await rosterOf(desk)).find((entry) => entry.member === member)?.roles

/** The shared case as the desk's page keeps it, after taking in what arrived. */
const keptOn = async (desk: Desk, caseId: string) => {
  await syncSharedCases(desk.db)
  return desk.db.teamCases.get(caseId)
}

describe('four eyes on a shared case: three desks, the page’s data layer, the team server', () => {
  let server: TeamServer
  let ana: Desk
  let ben: Desk
  let cyd: Desk
  let caseId: string
  beforeAll(async () => {
    server = await startTeamServer()
    await setUpTeamForTest(server, {
      database,
      admins: ['ana'],
      members: ['ana', 'ben', 'cyd'].map((name) => ({ name, password: `${name}-password` })),
    })
    ana = await teamDeskOnSandbox(server, 'ana', database)
    ben = await teamDeskOnSandbox(server, 'ben', database)
    cyd = await teamDeskOnSandbox(server, 'cyd', database)
  }, 90_000)
  afterAll(async () => {
    await Promise.all([ana.main.stop(), ben.main.stop(), cyd.main.stop()])
    await server.stop()
  })

  it(
    'asks for a review only when someone else could approve, and only a team admin gives roles',
    { timeout: 90_000 },
    async () => {
      await expect
        .poll(async () => (await rosterOf(ana)).map((entry) => entry.member), replicated)
        .toEqual(['ana', 'ben', 'cyd'])
      caseId = (await sharedTrueMatch(ana, wallet, 'Listed wallet')).caseId

      await expect(
        ana.call('team.requestReview', { caseId, outcome: 'risk_confirmed', reason: 'Done.' }),
      ).rejects.toThrow(
        'Nobody else in the team holds the reviewer role, so nobody could approve this close: a team admin must give someone the reviewer role first.',
      )
      await expect(
        cyd.call('team.setRoles', { member: 'cyd', roles: ['reviewer'] }),
      ).rejects.toThrow('Only a team admin can set a member’s roles: ask one of your team admins.')

      const view = await ana.call('team.setRoles', {
        member: 'ben',
        roles: ['investigator', 'reviewer'],
      })
      expect(view.joined && view.roster.map(({ member, roles }) => [member, roles])).toEqual([
        ['ana', ['investigator', 'team-admin']],
        ['ben', ['investigator', 'reviewer']],
        ['cyd', ['investigator']],
      ])
      expect(view.joined && view.roster.every((entry) => !entry.rolesContested)).toBe(true)
      for (const desk of [ben, cyd]) {
        await expect
          .poll(() => rolesOf(desk, 'ben'), replicated)
          .toEqual(['investigator', 'reviewer'])
      }
    },
  )

  it(
    'closes a case with a true match only after a second reviewer approves, on both desks',
    { timeout: 120_000 },
    async () => {
      await expect(closeCase(ana.db, ana.actor, caseId, closing)).rejects.toThrow(
        'Because 1 hit is a confirmed true match, the case closes only with the approval of a second member holding the reviewer role, made after its last change: nobody has asked for a review yet.',
      )
      const { entryId: request } = await ana.call('team.requestReview', {
        caseId,
        outcome: 'risk_confirmed',
        reason: 'The wallet is listed.',
      })
      const asked = await keptOn(ana, caseId)
      expect(asked?.awaitedReview).toMatchObject({
        request: { entryId: request, member: 'ana', outcome: 'risk_confirmed', reviewers: ['ben'] },
        approvers: ['ben'],
      })
      expect(asked?.closeVerdict).toMatchObject({
        closer: 'ana',
        outcome: 'risk_confirmed',
        may: false,
        needs: { trueMatches: 1, escalated: false, request, approvers: ['ben'] },
      })
      await expect(closeCase(ana.db, ana.actor, caseId, closing)).rejects.toThrow(
        'Investigator ana (ana) asked for a review and no reviewer has approved it yet.',
      )
      await expect(ana.call('team.approve', { caseId, request })).rejects.toThrow(
        'Investigator ana (ana) cannot approve their own close request.',
      )
      await expect
        .poll(async () => (await cyd.call('team.readCase', { caseId })).awaitedReview, replicated)
        .not.toBeNull()
      await expect(cyd.call('team.approve', { caseId, request })).rejects.toThrow(
        'Investigator cyd (cyd) did not hold the reviewer role when approving.',
      )

      await expect
        .poll(async () => (await ben.call('team.reviewQueue', {})).waitingForMyReview, replicated)
        .toEqual({ count: 1, caseIds: [caseId] })
      expect((await ana.call('team.reviewQueue', {})).waitingForMyReview.count).toBe(0)
      const { entryId: approval } = await ben.call('team.approve', { caseId, request })
      await expect(ben.call('team.approve', { caseId, request })).rejects.toThrow(
        'Investigator ben (ben) has already approved this close request: Investigator ana (ana) may close the case.',
      )
      expect((await ben.call('team.reviewQueue', {})).waitingForMyReview.count).toBe(0)
      await expect
        .poll(
          async () => (await keptOn(ana, caseId))?.closeVerdict?.approvedBy?.entryId,
          replicated,
        )
        .toBe(approval)

      // A change the reviewer did not see withdraws the approval.
      await addNote(ana.db, ana.actor, caseId, 'One more transfer found.')
      expect((await ana.db.teamCases.get(caseId))?.closeVerdict?.may).toBe(false)
      await expect(closeCase(ana.db, ana.actor, caseId, closing)).rejects.toThrow(
        /Investigator ben \(ben\) approved before a later change \(note-added, entry [^)]+\), which withdrew the approval\.$/,
      )
      await expect
        .poll(
          async () => (await ben.call('team.reviewQueue', {})).waitingForMyReview.count,
          replicated,
        )
        .toBe(1)
      await ben.call('team.approve', { caseId, request })
      await expect
        .poll(async () => (await keptOn(ana, caseId))?.closeVerdict?.may, replicated)
        .toBe(true)

      await closeCase(ana.db, ana.actor, caseId, closing)
      expect((await ana.db.cases.get(caseId))?.state).toBe('closed')
      await expect
        .poll(async () => {
          await syncSharedCases(ben.db)
          return (await ben.db.cases.get(caseId))?.closure?.outcome
        }, replicated)
        .toBe('risk_confirmed')
      expect((await ben.db.cases.get(caseId))?.state).toBe('closed')
    },
  )

  it(
    'assigns a shared case to a member, each reassignment an entry on the trail',
    {
      timeout: 90_000,
    },
    async () => {
      const other = await createCase(ana.db, ana.actor, {
        title: 'Unassigned wallet',
        subject: wallet,
        description: '',
      })
      await shareCase(ana.db, other)
      expect((await ana.call('team.reviewQueue', {})).unassigned.caseIds).toEqual([other])
      await expect(ana.call('team.assignCase', { caseId: other, member: 'zed' })).rejects.toThrow(
        '“zed” is not a member of the team: a case is assigned only to a member in the roster.',
      )
      await ana.call('team.assignCase', { caseId: other, member: 'ben' })
      await ana.call('team.assignCase', { caseId: other, member: 'cyd' })
      const read = await ana.call('team.readCase', { caseId: other })
      expect(
        read.entries
          .slice(-2)
          .map(({ action, summary, before, after }) => [action, summary, before, after]),
      ).toEqual([
        ['assigned', 'Assigned to Investigator ben (ben)', { member: null }, { member: 'ben' }],
        ['assigned', 'Assigned to Investigator cyd (cyd)', { member: 'ben' }, { member: 'cyd' }],
      ])
      expect(read.assignment).toMatchObject({ assignee: 'cyd', contested: false })
      expect((await ana.call('team.reviewQueue', {})).unassigned.count).toBe(0)
      await expect
        .poll(async () => (await cyd.call('team.reviewQueue', {})).assignedToMe, replicated)
        .toEqual({ count: 1, caseIds: [other] })
      expect((await ben.call('team.reviewQueue', {})).assignedToMe.count).toBe(0)
    },
  )

  it(
    'a reviewer sends a close request back with a reason; nobody else may',
    { timeout: 90_000 },
    async () => {
      const escalated = await createCase(ana.db, ana.actor, {
        title: 'Escalated wallet',
        subject: wallet,
        description: '',
      })
      await changeState(ana.db, ana.actor, escalated, 'escalated')
      await shareCase(ana.db, escalated)
      const { entryId: request } = await ana.call('team.requestReview', {
        caseId: escalated,
        outcome: 'inconclusive',
        reason: 'Nothing more to find.',
      })
      await expect(
        ana.call('team.sendBack', { caseId: escalated, request, reason: 'Withdrawn.' }),
      ).rejects.toThrow('You cannot send back your own close request')
      await expect
        .poll(
          async () => (await cyd.call('team.readCase', { caseId: escalated })).awaitedReview,
          replicated,
        )
        .not.toBeNull()
      await expect(
        cyd.call('team.sendBack', { caseId: escalated, request, reason: 'Not convinced.' }),
      ).rejects.toThrow(
        'Only a member holding the reviewer role can send back a close request: a team admin can give you the role.',
      )
      await expect
        .poll(
          async () => (await ben.call('team.reviewQueue', {})).waitingForMyReview.caseIds,
          replicated,
        )
        .toContain(escalated)
      await ben.call('team.sendBack', {
        caseId: escalated,
        request,
        reason: 'Ask the exchange first.',
      })
      await expect(ben.call('team.approve', { caseId: escalated, request })).rejects.toThrow(
        'This close request no longer waits for a review',
      )
      await expect
        .poll(async () => (await keptOn(ana, escalated))?.closeVerdict, replicated)
        .toMatchObject({
          may: false,
          needs: { trueMatches: 0, escalated: true, request: null, approvers: ['ben'] },
        })
      expect((await ana.db.teamCases.get(escalated))?.awaitedReview).toBeNull()
      expect((await ana.call('team.readCase', { caseId: escalated })).entries.at(-1)).toMatchObject(
        {
          action: 'sent-back',
          member: 'ben',
          after: { request, reason: 'Ask the exchange first.' },
        },
      )
    },
  )

  it(
    'a member the roster made team admin removes a member, but not an admin the server names',
    {
      timeout: 90_000,
    },
    async () => {
      await ana.call('team.setRoles', { member: 'cyd', roles: ['investigator', 'team-admin'] })
      await expect
        .poll(() => rolesOf(cyd, 'cyd'), replicated)
        .toEqual(['investigator', 'team-admin'])
      await expect(
        cyd.call('team.removeMember', { member: 'ana', reason: 'Test.' }),
      ).rejects.toThrow(
        '“ana” is a team admin by the server’s configuration: only another such admin can remove them.',
      )
      await expect(
        cyd.call('team.setRoles', { member: 'cyd', roles: ['investigator'] }),
      ).rejects.toThrow('You cannot take the team-admin role from yourself')
      const view = await cyd.call('team.removeMember', { member: 'ben', reason: 'Left the firm.' })
      expect(view.joined && view.roster.find((entry) => entry.member === 'ben')).toMatchObject({
        removed: true,
        roles: [],
      })
      await expect
        .poll(
          async () => (await rosterOf(ana)).find((entry) => entry.member === 'ben')?.removed,
          replicated,
        )
        .toBe(true)
    },
  )
})
