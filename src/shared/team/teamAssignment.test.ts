import { describe, expect, it } from 'vitest'
import { caseChanges, testDesk, writeTeamEntry, type TestDesk } from '../../test-support/teamDesks'
import type { TeamChange } from './nextTeamEntry'
import { replayTeamCase } from './teamCaseReplay'
import type { TeamEntry, TeamEntryDocument } from './teamEntry'

const scope = 'case_assigned'
const ana = testDesk('ana', 1)
const bob = testDesk('bob', 2)
const { assigned, created } = caseChanges
const opened = writeTeamEntry(ana, scope, [], created())

const write = (desk: TestDesk, held: readonly TeamEntry[], change: TeamChange): TeamEntryDocument =>
  writeTeamEntry(desk, scope, held, change, '2026-11-20T11:00:00.000Z')

describe('a shared case’s assignee', () => {
  it('is nobody until assigned, then whoever the latest assignment names, nobody again when unassigned', () => {
    expect(replayTeamCase([opened]).assignment).toEqual({
      assignee: null,
      sides: [],
      contested: false,
    })
    const toBob = write(ana, [opened], assigned('bob'))
    const replay = replayTeamCase([opened, toBob])
    expect(replay.assignment).toEqual({
      assignee: 'bob',
      sides: [
        { entryId: toBob._id, member: 'ana', author: ana.author, at: toBob.at, assignee: 'bob' },
      ],
      contested: false,
    })
    // Assigning is an entry on the trail, and no change to what the case holds.
    expect(replay.unreadable).toEqual([])
    const toNobody = write(bob, [opened, toBob], assigned(null, 'bob'))
    expect(replayTeamCase([opened, toBob, toNobody]).assignment).toMatchObject({
      assignee: null,
      sides: [{ entryId: toNobody._id }],
      contested: false,
    })
  })

  it('keeps two assignments made without knowing of each other, until a reassignment that saw both', () => {
    const anaTakes = write(ana, [opened], assigned('ana'))
    const bobTakes = write(bob, [opened], assigned('bob'))
    const both = replayTeamCase([bobTakes, opened, anaTakes]).assignment
    expect(both).toMatchObject({
      assignee: 'bob',
      sides: [{ entryId: anaTakes._id }, { entryId: bobTakes._id }],
      contested: true,
    })
    const settles = write(ana, [opened, anaTakes, bobTakes], assigned('ana', 'bob'))
    expect(replayTeamCase([opened, anaTakes, bobTakes, settles]).assignment).toMatchObject({
      assignee: 'ana',
      sides: [{ entryId: settles._id }],
      contested: false,
    })
  })

  it('is not contested by two assignments made at once to the same member', () => {
    const anaSays = write(ana, [opened], assigned('bob'))
    const bobSays = write(bob, [opened], assigned('bob'))
    expect(replayTeamCase([opened, anaSays, bobSays]).assignment).toMatchObject({
      assignee: 'bob',
      contested: false,
    })
  })

  it('passes over an assignment that names no member', () => {
    const strange = write(ana, [opened], {
      action: 'assigned',
      summary: '?',
      before: null,
      after: { member: 'Not A Name' },
    })
    expect(replayTeamCase([opened, strange]).assignment.assignee).toBeNull()
  })
})
