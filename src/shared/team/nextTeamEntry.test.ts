import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { propertyRuns } from '../../test-support/propertyRuns'
import { caseChanges, testDesk, writeTeamEntry } from '../../test-support/teamDesks'
import { nextTeamEntry, teamScopeHeads } from './nextTeamEntry'
import { chainOf, vetTeamDocuments } from './teamChains'
import { teamChainKey, teamEntryHash, teamGenesisHash, type TeamEntry } from './teamEntry'

const scope = 'case_next'
const ana = testDesk('ana', 1)
const bob = testDesk('bob', 2)
const cyd = testDesk('cyd', 3)
/** Bob at a desk whose device id he copied from Ana's. */
const bobOnAnasDevice = { ...bob, device: ana.device }
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
    expect(entry.seen).toEqual({
      [teamChainKey('ana', ana.device)]: 2,
      [teamChainKey('bob', bob.device)]: 3,
    })
  })

  it('counts as seen only the unbroken start of each chain', () => {
    const [bob1, , bob3] = writes(bob, 3)
    const [, cyd2] = writes(cyd, 2)
    const held = [bob1, bob3, cyd2].filter((entry): entry is TeamEntry => entry !== undefined)
    const entry = nextTeamEntry(held, { scope, ...ana }, caseChanges.noted('x'), at)
    expect(entry.seen).toEqual({ [teamChainKey('bob', bob.device)]: 1 })
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

  it("keeps one chain per member and device: reusing another desk's device id starts one's own", () => {
    const anas = writes(ana, 2)
    const entry = nextTeamEntry(anas, { scope, ...bobOnAnasDevice }, caseChanges.noted('x'), at)
    expect(entry).toMatchObject({ device: ana.device, deviceSeq: 1, prevHash: teamGenesisHash })
    expect(entry.seen).toEqual({ [teamChainKey('ana', ana.device)]: 2 })
  })

  it('sees each chain exactly as far as a reader finds it unbroken, whatever arrived in whatever order', () => {
    const writers = [ana, bob, bobOnAnasDevice]
    // Each entry is written knowing all before it but the last `forgotten`: a desk that forgot
    // its own latest entry forks its chain. The heads then take a part of them in any order.
    const history = fc.array(
      fc.record({
        writer: fc.constantFrom(0, 1, 2),
        forgotten: fc.nat({ max: 3 }),
        held: fc.boolean(),
        order: fc.nat(),
      }),
      { minLength: 1, maxLength: 10 },
    )
    fc.assert(
      fc.property(history, (steps) => {
        const written: TeamEntry[] = []
        for (const [index, { writer, forgotten }] of steps.entries()) {
          const known = written.slice(0, Math.max(0, written.length - forgotten))
          written.push(
            writeTeamEntry(writers[writer]!, scope, known, caseChanges.noted(String(index))),
          )
        }
        const held = written
          .map((entry, index) => ({ entry, ...steps[index]! }))
          .filter((step) => step.held)
          .sort((a, b) => a.order - b.order)
          .map(({ entry }) => entry)
        const heads = teamScopeHeads()
        for (const entry of held) heads.add(entry)
        const next = heads.next({ scope, ...cyd }, caseChanges.noted('next'), at)

        const read = vetTeamDocuments(scope, held, () => true)
        const unbroken = [
          ...read.chained,
          ...read.setAside.flatMap((aside) =>
            aside.kind === 'out-of-step' && aside.entry ? [aside.entry] : [],
          ),
        ]
        const expected: Record<string, number> = {}
        for (const entry of unbroken) {
          expected[chainOf(entry)] = Math.max(expected[chainOf(entry)] ?? 0, entry.deviceSeq)
        }
        expect(next.seen).toEqual(expected)
        expect(next.clock).toBe(Math.max(0, ...held.map((entry) => entry.clock)) + 1)
      }),
      propertyRuns(50),
    )
  })
})
