import { describe, expect, it } from 'vitest'
import {
  caseChanges,
  publishDeskKey,
  testDesk,
  writeTeamEntry,
  type TestDesk,
} from '../../test-support/teamDesks'
import { nextTeamEntry } from './nextTeamEntry'
import { rememberingSignatureCheck } from './teamChains'
import {
  rosterScope,
  signTeamEntry,
  teamEntryDocument,
  type TeamEntry,
  type TeamEntryDocument,
} from './teamEntry'
import { memberRemovedAction, replayTeamRoster } from './teamRoster'
import { setAsideSentences } from './teamSetAside'
import { trustTeamEntries } from './teamTrust'

const scope = 'case_trust'
const ana = testDesk('ana', 1)
const bob = testDesk('bob', 2)
const eve = testDesk('eve', 9)

const anaKey = publishDeskKey(ana)
const bobKey = publishDeskKey(bob, [anaKey])
const roster = replayTeamRoster([anaKey, bobKey], ['ana']).roster

/** Writes `count` notes by `desk`, each holding `held` and the ones before it. */
function notes(desk: TestDesk, count: number, held: TeamEntry[] = []): TeamEntryDocument[] {
  const written: TeamEntryDocument[] = []
  for (let i = 0; i < count; i += 1) {
    written.push(
      writeTeamEntry(desk, scope, [...held, ...written], caseChanges.noted(`${desk.member} ${i}`)),
    )
  }
  return written
}

const ids = (entries: readonly TeamEntry[]) => entries.map((e) => teamEntryDocument(e)._id)

describe('trustTeamEntries', () => {
  it('applies signed entries of roster keys in the one order, however they arrived', () => {
    const anas = notes(ana, 2)
    const bobs = notes(bob, 2, anas)
    const trust = trustTeamEntries(scope, [...bobs, ...anas].reverse(), roster)
    expect(trust.setAside).toEqual([])
    expect(ids(trust.applied)).toEqual([...anas, ...bobs].map((e) => e._id))
  })

  it('sets aside an entry whose signature its key did not make, or that was changed after signing', () => {
    const [first, second] = notes(ana, 2)
    const otherSignature = notes(bob, 1)[0]?.signature
    const forged = { ...first, signature: otherSignature }
    const changed = { ...second, summary: 'Something else' }
    const trust = trustTeamEntries(scope, [forged, changed, 'not even an object'], roster)
    expect(trust.applied).toEqual([])
    expect(trust.setAside.map(({ kind, problem }) => [kind, problem])).toEqual([
      ['damaged', 'it is not an entry document'],
      ['damaged', `${first?._id} has a signature its key did not make`],
      ['damaged', `${second?._id} was changed after it was signed`],
    ])
    expect(setAsideSentences(trust.setAside)).toEqual([
      '3 entries that were altered or are not validly signed were not applied',
    ])
  })

  it('sets aside an entry from a key the roster does not know', () => {
    const trust = trustTeamEntries(scope, notes(eve, 1), roster)
    expect(trust.applied).toEqual([])
    expect(setAsideSentences(trust.setAside)).toEqual([
      '1 entry from an unknown key was not applied',
    ])
  })

  it("sets aside an entry signed with another member's key", () => {
    const bobWithAnasKey = { ...testDesk('bob', 1), device: bob.device }
    const trust = trustTeamEntries(scope, notes(bobWithAnasKey, 1), roster)
    expect(trust.setAside).toMatchObject([{ kind: 'unknown-key' }])
    expect(trust.setAside[0]?.problem).toContain('is signed by ana’s key, not bob’s')
  })

  it("keeps a removed member's entries made before the removal and refuses those after it", () => {
    const removal = writeTeamEntry(
      ana,
      rosterScope,
      [anaKey, bobKey],
      {
        action: memberRemovedAction,
        summary: 'bob removed',
        before: null,
        after: { member: 'bob', reason: 'Left.' },
      },
      '2026-11-21T09:00:00.000Z',
    )
    const afterRemoval = replayTeamRoster([anaKey, bobKey, removal], ['ana']).roster
    const before = writeTeamEntry(
      bob,
      scope,
      [],
      caseChanges.noted('before'),
      '2026-11-20T09:00:00.000Z',
    )
    const after = writeTeamEntry(
      bob,
      scope,
      [before],
      caseChanges.noted('after'),
      '2026-11-21T09:30:00.000Z',
    )
    const trust = trustTeamEntries(scope, [before, after], afterRemoval)
    expect(ids(trust.applied)).toEqual([before._id])
    expect(trust.setAside).toMatchObject([{ kind: 'removed-member', id: after._id }])
    expect(setAsideSentences(trust.setAside)).toEqual([
      '1 entry by a removed member was not applied',
    ])
  })

  it('holds an entry back while one before it on its chain is missing, and applies it once that arrives', () => {
    const [first, second, third] = notes(ana, 3)
    const held = trustTeamEntries(scope, [first, third], roster)
    expect(ids(held.applied)).toEqual([first?._id])
    expect(held.setAside).toMatchObject([{ kind: 'waiting', id: third?._id }])
    expect(setAsideSentences(held.setAside)).toEqual([
      '1 entry is waiting for earlier entries from its desk',
    ])
    const filled = trustTeamEntries(scope, [first, third, second], roster)
    expect(ids(filled.applied)).toEqual([first, second, third].map((e) => e?._id))
    expect(filled.setAside).toEqual([])
  })

  it('holds an entry whose previous hash is not that of the entry before it', () => {
    const [first] = notes(ana, 1)
    const unsigned = {
      ...nextTeamEntry(
        first ? [first] : [],
        { scope, ...ana },
        caseChanges.noted('x'),
        '2026-11-20T09:00:00.000Z',
      ),
      prevHash: 'f'.repeat(64),
    }
    const stray = teamEntryDocument(signTeamEntry(unsigned, ana.sign))
    const trust = trustTeamEntries(scope, [first, stray], roster)
    expect(trust.setAside).toMatchObject([{ kind: 'waiting', id: stray._id }])
  })

  it('sets aside both sides of a fork, and what follows them, when two desks claim one device', () => {
    const [first] = notes(ana, 1)
    const held = first ? [first] : []
    const one = writeTeamEntry(ana, scope, held, caseChanges.noted('one'))
    const other = writeTeamEntry(ana, scope, held, caseChanges.noted('other'))
    const next = writeTeamEntry(ana, scope, [...held, one], caseChanges.noted('next'))
    const trust = trustTeamEntries(scope, [first, one, other, next, one], roster)
    expect(ids(trust.applied)).toEqual([first?._id])
    expect(trust.setAside.map((aside) => aside.kind)).toEqual(['fork', 'fork', 'fork'])
    expect(setAsideSentences(trust.setAside)).toEqual([
      '3 entries from a desk whose chain split in two were not applied',
    ])
  })

  it("keeps a member who reuses another desk's device id on a chain of their own", () => {
    const anas = notes(ana, 2)
    const bobOnAnasDevice = { ...bob, device: ana.device }
    const bobs = notes(bobOnAnasDevice, 2, anas)
    const more = notes(ana, 1, [...anas, ...bobs])
    const trust = trustTeamEntries(scope, [...anas, ...bobs, ...more], roster)
    expect(trust.setAside).toEqual([])
    expect(ids(trust.applied)).toEqual([...anas, ...bobs, ...more].map((e) => e._id))
    expect(bobs.map((e) => e.deviceSeq)).toEqual([1, 2])
  })

  it('sets aside every version of an entry held in two, and what follows it, whichever CouchDB shows', () => {
    const [first, second, third] = notes(ana, 3)
    if (!first || !second || !third) throw new Error('three notes')
    const rival = writeTeamEntry(ana, scope, [first], caseChanges.noted('rival'))
    expect(rival._id).toBe(second._id)
    for (const [winner, loser] of [
      [second, rival],
      [rival, second],
    ] as const) {
      const documents = [first, { ...winner, _conflicts: ['2-loser'] }, loser, third]
      const trust = trustTeamEntries(scope, documents, roster)
      expect(ids(trust.applied)).toEqual([first._id])
      expect(trust.setAside.map(({ kind, problem }) => [kind, problem]).sort()).toEqual(
        [
          ['fork', `${second._id} is an entry with two versions`],
          ['fork', `${second._id} is an entry with two versions`],
          ['fork', `${third._id} is on a desk chain that split in two`],
        ].sort(),
      )
    }
    // Even two revisions with the same signed content: one of them may carry other attachments.
    const twice = trustTeamEntries(scope, [first, { ...second, _conflicts: ['2-same'] }], roster)
    expect(twice.setAside).toMatchObject([{ kind: 'fork', id: second._id }])
  })

  it('sets aside an entry whose clock is not above one it saw', () => {
    const anas = notes(ana, 1)
    const unsigned = {
      ...nextTeamEntry(anas, { scope, ...bob }, caseChanges.noted('x'), '2026-11-20T09:00:00.000Z'),
      clock: 1,
    }
    const behind = teamEntryDocument(signTeamEntry(unsigned, bob.sign))
    const trust = trustTeamEntries(scope, [...anas, behind], roster)
    expect(trust.setAside).toMatchObject([{ kind: 'out-of-step', id: behind._id }])
  })

  it('counts an entry held twice once', () => {
    const anas = notes(ana, 2)
    expect(trustTeamEntries(scope, [...anas, ...anas], roster).applied).toHaveLength(2)
  })

  it('verifies each signature once with a remembering check, however often a scope is read', () => {
    let verified = 0
    const verify = rememberingSignatureCheck(() => {
      verified += 1
      return true
    })
    const anas = notes(ana, 3)
    trustTeamEntries(scope, anas, roster, verify)
    trustTeamEntries(scope, [...anas, ...notes(bob, 1, anas)], roster, verify)
    expect(verified).toBe(4)
  })

  it('remembers only the latest answers, and works out a forgotten one again, the same', () => {
    const verified: string[] = []
    const verify = rememberingSignatureCheck((signature, _message, publicKey) => {
      verified.push(signature)
      return publicKey === 'trusted'
    }, 2)
    const message = new Uint8Array([1])
    const answers = ['a', 'b', 'a', 'c', 'a', 'b'].map((signature) =>
      verify(signature, message, signature === 'b' ? 'stranger' : 'trusted'),
    )
    expect(answers).toEqual([true, false, true, true, true, false])
    // "a", read lately, is kept; "b" is forgotten once two others were read after it.
    expect(verified).toEqual(['a', 'b', 'c', 'b'])
  })
})
