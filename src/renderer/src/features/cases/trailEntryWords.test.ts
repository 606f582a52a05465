import { describe, expect, it } from 'vitest'
import type { AuditEntry, HitDecision } from '../../../../shared/cases/caseSchemas'
import type { Actor } from '../../../../shared/identity/investigator'
import { describedActions, entryWords, trailKinds } from './trailEntryWords'

const wallet = '0x5ca1ab1e00000000000000000000000000000001'

const entry = (action: string, summary: string, before: unknown, after: unknown): AuditEntry => ({
  caseId: 'case_1',
  seq: 2,
  at: '2026-11-26T10:00:00.000Z',
  action,
  summary,
  before,
  after,
  prevHash: '0'.repeat(64),
  hash: '1'.repeat(64),
})

const decision = (over: Partial<HitDecision> = {}): HitDecision => ({
  id: `case_1|local_1|sanctions:${wallet}@ETH#Sim, Hyon Sop`,
  caseId: 'case_1',
  checkId: 'local_1',
  environment: 'local',
  queryKey: wallet,
  hitKey: `sanctions:${wallet}@ETH#Sim, Hyon Sop`,
  category: 'sanctions',
  recordTitle: wallet,
  decision: 'false_positive',
  rationale: 'Another holder.',
  decidedAt: '2026-11-26T10:00:00.000Z',
  ...over,
})

describe('a timeline entry says what happened in full', () => {
  it('names the decision, the category, the record, its holder and chain, and the rationale', () => {
    const revised = decision({ decision: 'true_match', rationale: 'The director’s wallet.' })
    const words = entryWords(
      entry(
        'hit-decided',
        `True match (all 3 chains of this record): ${wallet} on ETH`,
        decision(),
        revised,
      ),
    )
    expect(words).toEqual({
      headline: `True match: Sanctions hit on ${wallet} held by Sim, Hyon Sop on ETH`,
      details: [
        'Rationale: The director’s wallet.',
        'Was false positive: Another holder.',
        'Decided with the others: all 3 chains of this record.',
      ],
    })
  })

  it('gives a note’s text line by line, with a bidi override shown as an escape', () => {
    const note = {
      id: 'note_1',
      caseId: 'case_1',
      createdAt: '2026-11-26T10:00:00.000Z',
      text: 'Called the exchange.\nThe owner is \u202Eesle enoemos.',
    }
    expect(entryWords(entry('note-added', 'Note added', null, note))).toEqual({
      headline: 'Note added',
      details: ['Called the exchange.', 'The owner is \\u{202e}esle enoemos.'],
    })
  })

  it('says a move with its states and reason, and an unlinking with the decisions it withdrew', () => {
    expect(
      entryWords(
        entry(
          'state-changed',
          'Open → Escalated',
          { state: 'open' },
          { state: 'escalated', reason: 'Large amounts.' },
        ),
      ),
    ).toEqual({ headline: 'Moved from Open to Escalated', details: ['Reason: Large amounts.'] })
    const check = { localId: 'local_1', query: wallet, fetchedAt: '2026-11-26T09:00:00.000Z' }
    const unlinked = entryWords(
      entry(
        'check-unlinked',
        `Check of ${wallet} unlinked`,
        { check, decisions: [decision()] },
        null,
      ),
    )
    expect(unlinked.headline).toBe(`Check unlinked: ${wallet}`)
    expect(unlinked.details[1]).toBe('1 decision on its hits withdrawn with it.')
  })

  it('says a restore from an untrusted backup: the file, why, its backup.json, and that the case is not exported as this computer’s', () => {
    const restore = {
      fileName: 'backup\u202Epiz.exe',
      manifestSha256: 'a'.repeat(64),
      reason: 'The backup is not signed, so nothing shows who made it.',
    }
    expect(
      entryWords(entry('restored-untrusted', 'Restored from an untrusted backup', null, restore)),
    ).toEqual({
      headline: 'Restored from an untrusted backup: backup\\u{202e}piz.exe',
      details: [
        'Not trusted because: The backup is not signed, so nothing shows who made it.',
        `Its backup.json has SHA-256 ${'a'.repeat(64)}.`,
        'What this case holds from before cannot be vouched for, so it is never exported under this computer’s signature.',
      ],
    })
  })

  it('falls back on the summary for an action it does not know or an entry that does not hold it, even one named like an object member', () => {
    for (const action of ['toString', 'constructor', 'future-action']) {
      expect(entryWords(entry(action, 'Something \u202E happened', null, null))).toEqual({
        headline: 'Something \\u{202e} happened',
        details: [],
      })
    }
    expect(entryWords(entry('hit-decided', 'False positive: x', null, { broken: true }))).toEqual({
      headline: 'False positive: x',
      details: [],
    })
  })
})

const actorOf = (name: string, fingerprint: string): Actor => ({
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
  organisation: 'Example Compliance',
  fingerprint,
})
const alex = actorOf('Alex Investigator', 'a'.repeat(64))
const bea = actorOf('Bea Reviewer', 'b'.repeat(64))
const roster = [
  { member: 'alex', name: alex.name, fingerprints: [alex.fingerprint] },
  { member: 'bea', name: bea.name, fingerprints: [bea.fingerprint] },
]
const by = (actor: Actor, seq: number, change: AuditEntry): AuditEntry => ({
  ...change,
  actor,
  seq,
})

describe('a shared case’s review and assignment say what changed and who', () => {
  const request = by(
    alex,
    3,
    entry('review-requested', 'Asked for a second review', null, {
      outcome: 'risk_confirmed',
      reason: 'The wallet is listed.',
      reviewers: ['bea'],
    }),
  )
  const approval = by(bea, 4, entry('approved', 'Close approved', null, { request: 'e-3' }))
  const sending = by(
    bea,
    5,
    entry('sent-back', 'Close request sent back', null, {
      request: 'e-3',
      reason: 'Ask the exchange first.',
    }),
  )
  const trail = [request, approval, sending]

  it('names the assignee and who had the case before, by the roster’s names', () => {
    expect(
      entryWords(
        entry('assigned', 'Assigned to Bea Reviewer (bea)', { member: 'alex' }, { member: 'bea' }),
        { roster, trail },
      ),
    ).toEqual({
      headline: 'Assigned to Bea Reviewer (bea)',
      details: ['Was assigned to Alex Investigator (alex).'],
    })
    expect(
      entryWords(entry('assigned', 'Unassigned', { member: null }, { member: null }), {
        roster,
        trail,
      }),
    ).toEqual({ headline: 'Unassigned', details: [] })
  })

  it('says a close request with its outcome, reason and reviewers, and each answer with the request it answers', () => {
    expect(entryWords(request, { roster, trail })).toEqual({
      headline: 'Asked for review before closing as Risk confirmed: The wallet is listed.',
      details: ['Reviewers asked: Bea Reviewer (bea).'],
    })
    expect(entryWords(approval, { roster, trail }).headline).toBe(
      'Approved the close requested by Alex Investigator (alex) as “Risk confirmed”',
    )
    expect(entryWords(sending, { roster, trail })).toEqual({
      headline: 'Sent back: Ask the exchange first.',
      details: ['Answers the close requested by Alex Investigator (alex) as “Risk confirmed”.'],
    })
  })

  it('names members by their names alone when the roster does not hold them (no team, or not yet arrived)', () => {
    expect(entryWords(approval, { roster: [], trail }).headline).toBe(
      'Approved the close requested by Alex Investigator as “Risk confirmed”',
    )
    expect(entryWords(approval).headline).toBe('Approved the close request')
    expect(entryWords(request).details).toEqual(['Reviewers asked: bea.'])
  })

  it('lets the timeline’s filter find every action it says in full, review and assignment included', () => {
    const filtered = Object.values(trailKinds).flatMap(({ actions }) => [...actions])
    expect(describedActions.filter((action) => !filtered.includes(action))).toEqual([])
    expect(trailKinds.review.actions).toEqual([
      'assigned',
      'review-requested',
      'approved',
      'sent-back',
    ])
  })
})
