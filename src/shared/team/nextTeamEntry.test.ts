import { describe, expect, it } from 'vitest'
import { caseChanges, testDesk, writeTeamEntry } from '../../test-support/teamDesks'
import { nextTeamEntry } from './nextTeamEntry'
import { teamEntryHash, teamGenesisHash, type TeamEntry } from './teamEntry'

const scope = 'case_next'
const ana = testDesk('ana', 1)
const bob = testDesk('bob', 2)
const cyd = testDesk('cyd', 3)
const at = '2026-11-20T10:00:00.000Z'

/** `desk` writes `count` entries in a row, holding what came before them and `held`. */
function writes(desk: typeof ana, count: number, held: TeamEntry[] = []): TeamEntry[] {
  const written: TeamEntry[] = []
  for (let i = 0; i < count; i += 1) {
    written.push(writeTeamEntry(desk, scope, [...held, ...written], caseChanges.noted(`n${i}`)))
  }
  return written
}

describe('nextTeamEntry', () => {
  it('starts a chain: sequence 1 after the genesis hash, clock 1, nothing seen', () => {
    const entry = nextTeamEntry([], { scope, ...ana }, caseChanges.created(), at)
    expect(entry).toMatchObject({
      scope,
      device: ana.device,
      deviceSeq: 1,
      prevHash: teamGenesisHash,
      clock: 1,
      seen: {},
      member: 'ana',
      author: ana.author,
      publicKey: ana.publicKey,
      at,
      action: 'created',
    })
  })

  it("continues this device's chain, above every clock held, and says how far each chain was seen", () => {
    const anas = writes(ana, 2)
    const bobs = writes(bob, 3, anas)
    const entry = nextTeamEntry([...anas, ...bobs], { scope, ...ana }, caseChanges.noted('x'), at)
    const [, anaLast] = anas
    expect(entry.deviceSeq).toBe(3)
    expect(entry.prevHash).toBe(anaLast?.hash)
    expect(entry.clock).toBe(6)
    expect(entry.seen).toEqual({ [ana.device]: 2, [bob.device]: 3 })
  })

  it('counts as seen only the unbroken start of each chain', () => {
    const [bob1, , bob3] = writes(bob, 3)
    const [, cyd2] = writes(cyd, 2)
    const held = [bob1, bob3, cyd2].filter((entry): entry is TeamEntry => entry !== undefined)
    const entry = nextTeamEntry(held, { scope, ...ana }, caseChanges.noted('x'), at)
    expect(entry.seen).toEqual({ [bob.device]: 1 })
    // A held entry's clock counts even when its chain is broken: the new entry still comes after it.
    expect(entry.clock).toBe(4)
  })

  it('writes an absent before or after as null, and attachments when there are some', () => {
    const entry = nextTeamEntry(
      [],
      { scope, ...ana },
      {
        action: 'check-linked',
        summary: 'Linked',
        before: undefined,
        after: undefined,
        attachments: { raw: 'a'.repeat(64) },
      },
      at,
    )
    expect(entry).toMatchObject({ before: null, after: null, attachments: { raw: 'a'.repeat(64) } })
    expect(teamEntryHash(entry)).toMatch(/^[0-9a-f]{64}$/)
  })
})
