import { describe, expect, it } from 'vitest'
import {
  publishDeskKey,
  testDesk,
  writeMemberRoles,
  writeTeamEntry,
  type TestDesk,
} from '../../test-support/teamDesks'
import { rosterScope, type TeamEntry, type TeamEntryDocument } from './teamEntry'
import { holdsRole, membersHolding, rolesAt, type TeamRole } from './teamRoles'
import { memberRemovedAction, replayTeamRoster } from './teamRoster'

const ana = testDesk('ana', 1)
const bob = testDesk('bob', 2)
const cyd = testDesk('cyd', 3)
const dee = testDesk('dee', 5)
/** Ana is the team admin the server's configuration names. */
const admins = ['ana']

type Step = (held: TeamEntry[]) => TeamEntryDocument

/** A roster written in the order given, each entry holding all before it. */
const rosterOf = (...steps: Step[]): TeamEntryDocument[] =>
  steps.reduce<TeamEntryDocument[]>((held, step) => [...held, step(held)], [])

const publishing = (...desks: TestDesk[]): Step[] =>
  desks.map((desk) => (held) => publishDeskKey(desk, held))

const setting =
  (admin: TestDesk, member: string, roles: TeamRole[], at?: string): Step =>
  (held) =>
    writeMemberRoles(admin, member, roles, held, at)

const removing =
  (admin: TestDesk, member: string, at?: string): Step =>
  (held) =>
    writeTeamEntry(
      admin,
      rosterScope,
      held,
      {
        action: memberRemovedAction,
        summary: `${member} removed`,
        before: null,
        after: { member, reason: 'Left the team.' },
      },
      at,
    )

describe('roles in the roster', () => {
  it('gives every member investigator until an admin sets their roles, and the configured admins team-admin', () => {
    const { roster, setAside } = replayTeamRoster(
      rosterOf(...publishing(ana, bob, cyd), setting(ana, 'bob', ['reviewer', 'investigator'])),
      admins,
    )
    expect(setAside).toEqual([])
    expect(rolesAt(roster, 'ana')).toEqual(['investigator', 'team-admin'])
    expect(rolesAt(roster, 'bob')).toEqual(['investigator', 'reviewer'])
    expect(rolesAt(roster, 'cyd')).toEqual(['investigator'])
    expect(membersHolding(roster, 'reviewer')).toEqual(['bob'])
    expect(roster.roles.get('bob')).toMatchObject([
      { roles: ['investigator', 'reviewer'], by: 'ana', order: 3, contested: [] },
    ])
  })

  it('sets aside roles set by a member who is not a team admin', () => {
    const documents = rosterOf(...publishing(ana, bob), setting(bob, 'bob', ['reviewer']))
    const { roster, setAside } = replayTeamRoster(documents, admins)
    expect(rolesAt(roster, 'bob')).toEqual(['investigator'])
    expect(setAside).toMatchObject([{ kind: 'not-allowed', id: documents[2]?._id }])
    expect(setAside[0]?.problem).toContain('is signed by bob, not a team admin')
  })

  it('sets aside roles set with a key the admin never published, or saying nothing readable', () => {
    const unpublished = replayTeamRoster(
      rosterOf(...publishing(bob), setting(ana, 'bob', ['reviewer'])),
      admins,
    )
    expect(unpublished.setAside).toMatchObject([{ kind: 'unknown-key' }])
    const unreadable: Step = (held) =>
      writeTeamEntry(ana, rosterScope, held, {
        action: 'member-roles-set',
        summary: 'x',
        before: null,
        after: { member: 'bob', roles: ['judge'] },
      })
    const { roster, setAside } = replayTeamRoster(
      rosterOf(...publishing(ana, bob), unreadable),
      admins,
    )
    expect(rolesAt(roster, 'bob')).toEqual(['investigator'])
    expect(setAside[0]?.problem).toContain('does not say whose roles it sets and which')
  })

  it('lets a member the roster made team admin set roles and remove members, but not a configured admin', () => {
    const documents = rosterOf(
      ...publishing(ana, bob, cyd, dee),
      setting(ana, 'bob', ['team-admin']),
      setting(bob, 'cyd', ['reviewer']),
      removing(bob, 'dee'),
      removing(bob, 'ana'),
    )
    const { roster, setAside } = replayTeamRoster(documents, admins)
    expect(holdsRole(roster, 'cyd', 'reviewer')).toBe(true)
    expect(roster.removed.has('dee')).toBe(true)
    expect(roster.removed.has('ana')).toBe(false)
    expect(setAside).toMatchObject([{ kind: 'not-allowed', id: documents[7]?._id }])
    expect(setAside[0]?.problem).toContain("an admin by the server's configuration")
  })

  it('takes the role back: an admin whose team-admin was withdrawn sets no more roles', () => {
    const documents = rosterOf(
      ...publishing(ana, bob, cyd),
      setting(ana, 'bob', ['team-admin']),
      setting(ana, 'bob', ['investigator']),
      setting(bob, 'cyd', ['reviewer']),
    )
    const { roster, setAside } = replayTeamRoster(documents, admins)
    expect(rolesAt(roster, 'cyd')).toEqual(['investigator'])
    expect(setAside).toMatchObject([{ kind: 'not-allowed', id: documents[5]?._id }])
  })

  it("never takes team-admin from an admin the server's configuration names", () => {
    const { roster } = replayTeamRoster(
      rosterOf(...publishing(ana), setting(ana, 'ana', ['reviewer'])),
      admins,
    )
    expect(rolesAt(roster, 'ana')).toEqual(['reviewer', 'team-admin'])
  })

  it('places a case entry against the roles by the times written down, and gives a removed member none', () => {
    const { roster } = replayTeamRoster(
      rosterOf(
        ...publishing(ana, bob),
        setting(ana, 'bob', ['reviewer'], '2026-11-20T10:00:00.000Z'),
        setting(ana, 'bob', ['investigator'], '2026-11-20T12:00:00.000Z'),
        setting(ana, 'bob', ['reviewer'], '2026-11-20T14:00:00.000Z'),
        removing(ana, 'bob', '2026-11-20T16:00:00.000Z'),
      ),
      admins,
    )
    const reviews = (at: string) => holdsRole(roster, 'bob', 'reviewer', at)
    expect(reviews('2026-11-20T09:59:59.999Z')).toBe(false)
    expect(reviews('2026-11-20T10:00:00.000Z')).toBe(true)
    expect(reviews('2026-11-20T13:00:00.000Z')).toBe(false)
    expect(reviews('2026-11-20T15:00:00.000Z')).toBe(true)
    expect(rolesAt(roster, 'bob', '2026-11-20T16:00:00.000Z')).toEqual([])
    expect(rolesAt(roster, 'bob')).toEqual([])
  })

  it('gives a member only what two admins agreed on when they set the roles without knowing of each other', () => {
    const base = rosterOf(...publishing(ana, bob, cyd), setting(ana, 'bob', ['team-admin']))
    // Bob's sorts after Ana's (same clock, then by member): the wider grant would win if last did.
    const anaSays = writeMemberRoles(ana, 'cyd', ['reviewer'], base)
    const bobSays = writeMemberRoles(bob, 'cyd', ['reviewer', 'investigator'], base)
    const both = replayTeamRoster([...base, anaSays, bobSays], admins)
    expect(both.setAside).toEqual([])
    expect(rolesAt(both.roster, 'cyd')).toEqual(['reviewer'])
    expect(both.roster.roles.get('cyd')?.at(-1)?.contested.sort()).toEqual(
      [anaSays._id, bobSays._id].sort(),
    )
    const settles = writeMemberRoles(
      ana,
      'cyd',
      ['investigator', 'reviewer'],
      [...base, anaSays, bobSays],
    )
    const settled = replayTeamRoster([...base, anaSays, bobSays, settles], admins)
    expect(rolesAt(settled.roster, 'cyd')).toEqual(['investigator', 'reviewer'])
    expect(settled.roster.roles.get('cyd')?.at(-1)?.contested).toEqual([])
  })
})
