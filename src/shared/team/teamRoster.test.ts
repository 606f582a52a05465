import { describe, expect, it } from 'vitest'
import { publishDeskKey, testDesk, writeTeamEntry } from '../../test-support/teamDesks'
import { rosterScope, type TeamEntry, type TeamEntryDocument } from './teamEntry'
import { memberRemovedAction, replayTeamRoster } from './teamRoster'

const ana = testDesk('ana', 1)
/** Ana's second desk: the same member with another key and device. */
const anaLaptop = testDesk('ana', 4)
const bob = testDesk('bob', 2)
const cyd = testDesk('cyd', 3)
const admins = ['ana']

/** A roster written in the order given, each entry holding all before it. */
function rosterOf(...steps: Array<(held: TeamEntry[]) => TeamEntryDocument>): TeamEntryDocument[] {
  return steps.reduce<TeamEntryDocument[]>((held, step) => [...held, step(held)], [])
}

const removing =
  (admin: typeof ana, member: string, at?: string) =>
  (held: TeamEntry[]): TeamEntryDocument =>
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

const publishing = (desk: typeof ana) => (held: TeamEntry[]) => publishDeskKey(desk, held)

describe('replayTeamRoster', () => {
  it('gives each member the keys they published, one per desk', () => {
    const { roster, setAside } = replayTeamRoster(
      rosterOf(publishing(ana), publishing(bob), publishing(anaLaptop)),
      admins,
    )
    expect(setAside).toEqual([])
    expect(roster.members.get('ana')?.keys.map((key) => key.publicKey)).toEqual([
      ana.publicKey,
      anaLaptop.publicKey,
    ])
    expect(roster.members.get('bob')).toMatchObject({
      name: 'Bob Example',
      email: 'bob@example.org',
      keys: [{ publicKey: bob.publicKey, fingerprint: bob.author.fingerprint, device: bob.device }],
    })
    expect(roster.keyOwners.get(anaLaptop.publicKey)).toBe('ana')
  })

  it('refuses a key published for someone other than its signer', () => {
    const forCyd = (held: TeamEntry[]) => {
      const entry = publishDeskKey(bob, held)
      return writeTeamEntry(bob, rosterScope, held, {
        action: entry.action,
        summary: entry.summary,
        before: null,
        after: { ...(entry.after as object), member: 'cyd' },
      })
    }
    const { roster, setAside } = replayTeamRoster(rosterOf(forCyd), admins)
    expect(roster.members.size).toBe(0)
    expect(setAside).toMatchObject([{ kind: 'not-allowed' }])
    expect(setAside[0]?.problem).toContain('publishes a key other than its own signer’s')
  })

  it('does not give a key a second member when another published it first', () => {
    const bobWithAnasKey = { ...testDesk('bob', 1), device: bob.device }
    const { roster, setAside } = replayTeamRoster(
      rosterOf(publishing(ana), publishing(bobWithAnasKey)),
      admins,
    )
    expect(roster.keyOwners.get(ana.publicKey)).toBe('ana')
    expect(roster.members.has('bob')).toBe(false)
    expect(setAside.map((aside) => aside.problem)).toEqual([
      expect.stringContaining('publishes a key ana published before'),
    ])
  })

  it("removes a member by an admin's entry, keeping their roster entries before it and refusing those after", () => {
    const documents = rosterOf(
      publishing(ana),
      publishing(bob),
      removing(ana, 'bob', '2026-11-21T09:00:00.000Z'),
      publishing({ ...testDesk('bob', 5), device: bob.device }),
    )
    const { roster, setAside, applied } = replayTeamRoster(documents, admins)
    expect(roster.removed.get('bob')).toEqual({
      member: 'bob',
      reason: 'Left the team.',
      by: 'ana',
      entryId: documents[2]?._id,
      clock: 3,
      order: 2,
      at: '2026-11-21T09:00:00.000Z',
    })
    expect(roster.members.get('bob')?.keys).toHaveLength(1)
    expect(applied).toHaveLength(3)
    expect(setAside).toMatchObject([{ kind: 'removed-member', id: documents[3]?._id }])
  })

  it('refuses a removal by a member who is not an admin, or by a key the admin never published', () => {
    const notAdmin = replayTeamRoster(
      rosterOf(publishing(ana), publishing(bob), removing(bob, 'ana')),
      admins,
    )
    expect(notAdmin.roster.removed.size).toBe(0)
    expect(notAdmin.setAside[0]?.problem).toContain('is signed by bob, not a team admin')
    const unpublished = replayTeamRoster(rosterOf(publishing(bob), removing(ana, 'bob')), admins)
    expect(unpublished.roster.removed.size).toBe(0)
    expect(unpublished.setAside).toMatchObject([{ kind: 'unknown-key' }])
  })

  it('replays only entries that check on their own: a forged removal removes nobody', () => {
    const documents = rosterOf(publishing(ana), publishing(cyd), removing(ana, 'cyd'))
    const [anaKey, cydKey, removal] = documents
    const forged = { ...removal, after: { member: 'bob', reason: 'Forged.' } }
    const { roster, setAside } = replayTeamRoster([anaKey, cydKey, forged], admins)
    expect(roster.removed.size).toBe(0)
    expect(setAside).toMatchObject([{ kind: 'damaged', id: removal?._id }])
  })

  it('sets aside an action the roster does not know', () => {
    const unknown = (held: TeamEntry[]) =>
      writeTeamEntry(ana, rosterScope, held, {
        action: 'team-renamed',
        summary: 'x',
        before: null,
        after: null,
      })
    const { setAside } = replayTeamRoster(rosterOf(publishing(ana), unknown), admins)
    expect(setAside).toMatchObject([{ kind: 'not-allowed' }])
  })
})
