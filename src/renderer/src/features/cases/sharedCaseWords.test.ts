import { describe, expect, it } from 'vitest'
import type { TeamDisagreementView } from '../../../../shared/bridge/teamContract'
import { fixtureActor } from '../../../../test-support/evidenceFixtures'
import { escapeForDisplay } from '../../../../shared/text/escapeForDisplay'
import { authorsLine, disagreementWords } from './sharedCaseWords'

const ben = { ...fixtureActor, name: 'Ben \u202eOkoro', fingerprint: 'f'.repeat(32) }
const side = { member: 'ana', author: fixtureActor, at: '2026-11-26T10:00:00.000Z' }

describe('the words of a shared case', () => {
  it('names every author with their count of entries, a name that would reorder the line made harmless', () => {
    const line = authorsLine([
      { member: 'ana', author: fixtureActor, entries: 3 },
      { member: 'ben', author: ben, entries: 1 },
    ])
    expect(line).toBe(`Ana Fixture (3 entries), ${escapeForDisplay(ben.name)} (1 entry)`)
    expect(line).not.toContain('\u202e')
  })

  it('gives both sides of a disagreement on a hit, and what settles it, without picking one', () => {
    const disagreement: TeamDisagreementView = {
      kind: 'hit',
      decisionId: 'case_1|check|hit',
      hit: { checkId: 'check', hitKey: 'hit', category: 'sanctions', recordTitle: 'Sim, Hyon Sop' },
      sides: [
        { ...side, entryId: 'a', decision: 'true_match', rationale: 'Same chain.' },
        {
          ...side,
          member: 'ben',
          author: ben,
          entryId: 'b',
          decision: 'false_positive',
          rationale: 'Other chain.',
        },
      ],
    }
    const words = disagreementWords(disagreement)
    expect(words.about).toBe('Sanctions hit on Sim, Hyon Sop: decided differently')
    expect(words.sides[0]).toBe('Ana Fixture: True match — “Same chain.”')
    expect(words.sides[1]).toMatch(/: False positive — “Other chain.”$/)
    // The case's replay applies the later side: said, so the hit's badge is not read as settled.
    expect(words.settle).toBe(
      `Until someone decides this hit again, knowing both, the case counts the later entry: ${escapeForDisplay(ben.name)}’s False positive.`,
    )
  })

  it('names a disputed hit as the timeline does: category, record, holders and chains', () => {
    const words = disagreementWords({
      kind: 'hit',
      decisionId: 'case_1|check|hit',
      hit: {
        checkId: 'check',
        hitKey: 'role:0x5ca1@ETH#Synthetic Politically Exposed Person',
        category: 'role',
        recordTitle: '0x5ca1',
      },
      sides: [],
    })
    expect(words.about).toBe(
      'Role hit on 0x5ca1 held by Synthetic Politically Exposed Person on ETH: decided differently',
    )
  })

  it('gives both sides of a disagreement on the state, with a close’s outcome', () => {
    const words = disagreementWords({
      kind: 'state',
      sides: [
        { ...side, entryId: 'a', action: 'closed', state: 'closed', outcome: 'no_concern' },
        { ...side, entryId: 'b', action: 'state-changed', state: 'escalated' },
      ],
    })
    expect(words.sides).toEqual(['Ana Fixture: Closed (No concern)', 'Ana Fixture: Escalated'])
    expect(words.settle).toBe(
      'Until someone moves the case again, knowing both, it stands as the later entry has it: Ana Fixture’s Escalated.',
    )
  })
})
