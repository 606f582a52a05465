import { describe, expect, it } from 'vitest'
import { caseChanges, testDesk, writeTeamEntry, type TestDesk } from '../../test-support/teamDesks'
import type { TeamChange } from './nextTeamEntry'
import { replayTeamCase } from './teamCaseReplay'
import type { TeamEntry, TeamEntryDocument } from './teamEntry'

const scope = 'case_replay'
const ana = testDesk('ana', 1)
const bob = testDesk('bob', 2)
const { created, decided, moved, noted } = caseChanges

/** The case as both desks hold it after ana opened it and bob received it. */
const opened = writeTeamEntry(ana, scope, [], created())

const write = (desk: TestDesk, held: readonly TeamEntry[], change: TeamChange): TeamEntryDocument =>
  writeTeamEntry(desk, scope, held, change, '2026-11-20T11:00:00.000Z')

describe('replayTeamCase', () => {
  it('lists two decisions on one hit made without knowing of each other, until one that saw both decides it', () => {
    const anaSays = write(
      ana,
      [opened],
      decided(scope, 'h1', 'true_match', 'Same name and birth date.'),
    )
    const bobSays = write(
      bob,
      [opened],
      decided(scope, 'h1', 'false_positive', 'Different country.'),
    )
    const both = replayTeamCase([bobSays, anaSays, opened])
    expect(both.disagreements).toEqual([
      {
        kind: 'hit',
        decisionId: `${scope}|check-1|h1`,
        hit: { checkId: 'check-1', hitKey: 'h1', category: 'sanctions', recordTitle: 'Record h1' },
        sides: [
          {
            entryId: anaSays._id,
            member: 'ana',
            author: ana.author,
            at: anaSays.at,
            decision: 'true_match',
            rationale: 'Same name and birth date.',
          },
          {
            entryId: bobSays._id,
            member: 'bob',
            author: bob.author,
            at: bobSays.at,
            decision: 'false_positive',
            rationale: 'Different country.',
          },
        ],
      },
    ])
    // The decision map keeps the later one in the order; the disagreement says it is not settled.
    expect(both.decisions.get(`${scope}|check-1|h1`)?.decision).toBe('false_positive')
    const settles = write(ana, [opened, anaSays, bobSays], decided(scope, 'h1', 'true_match'))
    const settled = replayTeamCase([opened, anaSays, bobSays, settles])
    expect(settled.disagreements).toEqual([])
    expect(settled.decisions.get(`${scope}|check-1|h1`)?.decision).toBe('true_match')
  })

  it('still lists the disagreement when a later decision saw only one side', () => {
    const anaSays = write(ana, [opened], decided(scope, 'h1', 'true_match'))
    const bobSays = write(bob, [opened], decided(scope, 'h1', 'false_positive'))
    const anaAgain = write(ana, [opened, anaSays], decided(scope, 'h1', 'needs_review'))
    const replay = replayTeamCase([opened, anaSays, bobSays, anaAgain])
    expect(replay.disagreements).toMatchObject([
      { kind: 'hit', sides: [{ entryId: bobSays._id }, { entryId: anaAgain._id }] },
    ])
  })

  it('finds no disagreement in two desks deciding a hit alike', () => {
    const anaSays = write(ana, [opened], decided(scope, 'h1', 'false_positive', 'One reason.'))
    const bobSays = write(bob, [opened], decided(scope, 'h1', 'false_positive', 'Another.'))
    expect(replayTeamCase([opened, anaSays, bobSays]).disagreements).toEqual([])
  })

  it('lists two state moves made without knowing of each other, until a move that saw both', () => {
    const anaMoves = write(ana, [opened], moved('open', 'in_review'))
    const bobMoves = write(bob, [opened], moved('open', 'escalated'))
    const replay = replayTeamCase([opened, anaMoves, bobMoves])
    expect(replay.disagreements).toMatchObject([
      {
        kind: 'state',
        sides: [
          { entryId: anaMoves._id, member: 'ana', action: 'state-changed', state: 'in_review' },
          { entryId: bobMoves._id, member: 'bob', action: 'state-changed', state: 'escalated' },
        ],
      },
    ])
    const settles = write(bob, [opened, anaMoves, bobMoves], moved('escalated', 'in_review'))
    const settled = replayTeamCase([opened, anaMoves, bobMoves, settles])
    expect(settled.disagreements).toEqual([])
    expect(settled.state).toBe('in_review')
  })

  it('keeps both notes written at once, and names every author with their count', () => {
    const anaNote = write(ana, [opened], noted('Called the exchange.'))
    const bobNote = write(bob, [opened], noted('Checked the registry.'))
    const replay = replayTeamCase([bobNote, anaNote, opened])
    expect(replay.notes).toEqual([
      {
        entryId: anaNote._id,
        text: 'Called the exchange.',
        member: 'ana',
        author: ana.author,
        at: anaNote.at,
      },
      {
        entryId: bobNote._id,
        text: 'Checked the registry.',
        member: 'bob',
        author: bob.author,
        at: bobNote.at,
      },
    ])
    expect(replay.authors).toEqual([
      { member: 'ana', author: ana.author, entries: 2 },
      { member: 'bob', author: bob.author, entries: 1 },
    ])
    expect(replay.disagreements).toEqual([])
  })

  it('replays the trail as a local case does, with entries numbered by their place in the order', () => {
    const decision = write(ana, [opened], decided(scope, 'h1', 'true_match'))
    const unlinked = write(bob, [opened, decision], {
      action: 'check-unlinked',
      summary: 'Unlinked',
      before: {
        check: { localId: 'check-1', query: 'wallet', fetchedAt: opened.at },
        decisions: [],
      },
      after: null,
    })
    const strange = write(bob, [opened, decision, unlinked], {
      action: 'teleported',
      summary: '?',
      before: null,
      after: null,
    })
    const replay = replayTeamCase([strange, unlinked, decision, opened])
    expect(replay.entryIds).toEqual([opened._id, decision._id, unlinked._id, strange._id])
    expect(replay.state).toBe('open')
    expect(replay.decisions.size).toBe(0)
    expect(replay.unreadable).toEqual(['entry 4 has an action this version does not know'])
  })

  it('lets unlinking the check, by a desk that saw both decisions, settle a disagreement on its hit', () => {
    const anaSays = write(ana, [opened], decided(scope, 'h1', 'true_match'))
    const bobSays = write(bob, [opened], decided(scope, 'h1', 'false_positive'))
    expect(replayTeamCase([opened, anaSays, bobSays]).disagreements).toHaveLength(1)
    const unlinkedByAna = write(ana, [opened, anaSays, bobSays], {
      action: 'check-unlinked',
      summary: 'Unlinked',
      before: {
        check: { localId: 'check-1', query: 'wallet', fetchedAt: opened.at },
        decisions: [],
      },
      after: null,
    })
    const replay = replayTeamCase([opened, anaSays, bobSays, unlinkedByAna])
    expect(replay.disagreements).toEqual([])
  })
})
