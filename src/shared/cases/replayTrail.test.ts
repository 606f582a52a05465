import { describe, expect, it } from 'vitest'
import { nextAuditEntry, type AuditChange } from './auditChain'
import type { AuditEntry, HitDecision } from './caseSchemas'
import { replayTrail } from './replayTrail'

const caseId = 'case_replay'
const at = '2026-11-20T09:00:00.000Z'
const actor = {
  name: 'Ana Example',
  email: 'ana@example.org',
  organisation: 'Example Ltd',
  fingerprint: '0'.repeat(32),
}

const trailOf = (...changes: AuditChange[]): AuditEntry[] =>
  changes.reduce<AuditEntry[]>(
    (trail, change) => [
      ...trail,
      nextAuditEntry(caseId, trail[trail.length - 1], change, actor, at),
    ],
    [],
  )

const created: AuditChange = {
  action: 'created',
  summary: 'Case opened',
  before: null,
  after: { title: 'T', subject: 'S', description: '' },
}

const decisionOn = (
  checkId: string,
  hitKey: string,
  decision: HitDecision['decision'],
): HitDecision => ({
  id: `${caseId}|${checkId}|${hitKey}`,
  caseId,
  checkId,
  environment: 'local',
  queryKey: 'wallet',
  hitKey,
  category: 'sanctions',
  recordTitle: hitKey,
  decision,
  rationale: `Judged ${decision}.`,
  decidedAt: at,
})

const decided = (decision: HitDecision, before: HitDecision | null = null): AuditChange => ({
  action: 'hit-decided',
  summary: 'Decided',
  before,
  after: decision,
})

const unlinked = (localId: string, decisions: HitDecision[]): AuditChange => ({
  action: 'check-unlinked',
  summary: 'Unlinked',
  before: { check: { localId, query: 'wallet', fetchedAt: at }, decisions },
  after: null,
})

const closed = (outcome: string): AuditChange => ({
  action: 'closed',
  summary: 'Closed',
  before: { state: 'in_review' },
  after: { state: 'closed', closure: { outcome, reason: 'Done.', closedAt: at } },
})

describe('replaying a trail', () => {
  it('keeps the latest decision on each hit, where it was first made', () => {
    const first = decisionOn('chk_a', 'sanctions:one', 'true_match')
    const other = decisionOn('chk_a', 'sanctions:two', 'needs_review')
    const revised = { ...first, decision: 'false_positive' as const }
    const replayed = replayTrail(
      trailOf(created, decided(first), decided(other), decided(revised, first)),
    )
    expect([...replayed.decisions.values()]).toEqual([revised, other])
    expect(replayed.unreadable).toEqual([])
  })

  it('withdraws every decision of an unlinked check, and only those', () => {
    const kept = decisionOn('chk_a', 'sanctions:one', 'true_match')
    const withdrawn = decisionOn('chk_b', 'sanctions:one', 'true_match')
    const relinked: AuditChange = {
      action: 'check-linked',
      summary: 'Linked',
      before: null,
      after: { localId: 'chk_b', query: 'wallet', fetchedAt: at },
    }
    const replayed = replayTrail(
      trailOf(created, decided(kept), decided(withdrawn), unlinked('chk_b', [withdrawn]), relinked),
    )
    expect([...replayed.decisions.keys()]).toEqual([kept.id])
  })

  it('follows the state through moves, closing and reopening', () => {
    const moved: AuditChange = {
      action: 'state-changed',
      summary: 'Moved',
      before: { state: 'open' },
      after: { state: 'in_review' },
    }
    const reopened: AuditChange = {
      action: 'reopened',
      summary: 'Reopened',
      before: { state: 'closed' },
      after: { state: 'open', reason: 'More data.' },
    }
    expect(replayTrail(trailOf(created, moved))).toMatchObject({
      state: 'in_review',
      closure: undefined,
    })
    expect(replayTrail(trailOf(created, moved, closed('reported')))).toMatchObject({
      state: 'closed',
      closure: { outcome: 'reported', reason: 'Done.' },
    })
    const undone = replayTrail(trailOf(created, moved, closed('reported'), reopened))
    expect(undone.state).toBe('open')
    expect(undone.closure).toBeUndefined()
  })

  it('names entries it cannot replay instead of guessing what they meant', () => {
    const replayed = replayTrail(
      trailOf(
        created,
        closed('not an outcome'),
        { action: 'hit-decided', summary: 'Decided', before: null, after: { decision: 'x' } },
        { action: 'case-merged', summary: 'Merged', before: null, after: null },
      ),
    )
    expect(replayed.state).toBe('open')
    expect(replayed.unreadable).toEqual([
      'entry 2 (closed) does not hold what it should',
      'entry 3 (hit-decided) does not hold what it should',
      'entry 4 has an action this version does not know',
    ])
  })

  it('knows no state for a trail that does not open the case first', () => {
    const replayed = replayTrail(trailOf(closed('reported'), created))
    expect(replayed.state).toBeNull()
    expect(replayed.unreadable).toEqual([
      'entry 1 (closed) comes before the case opened',
      'entry 2 opens the case again',
    ])
  })
})
