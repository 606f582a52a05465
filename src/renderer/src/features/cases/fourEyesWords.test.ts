import { describe, expect, it } from 'vitest'
import type { SharedCase } from '../../../../shared/bridge/teamContract'
import type { AuditEntry } from '../../../../shared/cases/caseSchemas'
import type { Actor } from '../../../../shared/identity/investigator'
import {
  assignmentWords,
  closeReview,
  nobodyReviewsSentence,
  reviewStanding,
  type FourEyesRow,
} from './fourEyesWords'

const actorOf = (name: string, letter: string): Actor => ({
  name,
  email: `${letter}@example.org`,
  organisation: 'Example Compliance',
  fingerprint: letter.repeat(64),
})
const alex = actorOf('Alex Investigator', 'a')
const bea = actorOf('Bea Reviewer', 'b')
const roster = [
  { member: 'alex', name: alex.name, fingerprints: [alex.fingerprint] },
  { member: 'bea', name: bea.name, fingerprints: [bea.fingerprint] },
]
const at = '2026-11-26T10:00:00.000Z'
const memberRoles: SharedCase['memberRoles'] = [
  { member: 'alex', roles: ['investigator', 'team-admin'] },
  { member: 'bea', roles: ['investigator', 'reviewer'] },
]
const needsWhy =
  'Because 1 hit is a confirmed true match, the case closes only with the approval of a second member holding the reviewer role, made after its last change: nobody has asked for a review yet.'
const request = {
  entryId: 'e-request',
  member: 'alex',
  author: alex,
  at,
  outcome: 'risk_confirmed' as const,
  reason: 'The wallet is listed.',
  reviewers: ['bea'],
}
const needing = (me: string, requested: string | null): FourEyesRow => ({
  memberRoles,
  awaitedReview: requested ? { request, approvers: ['bea'] } : null,
  closeVerdict: {
    closer: me,
    outcome: requested ? 'risk_confirmed' : null,
    may: false,
    why: needsWhy,
    approvedBy: null,
    needs: { trueMatches: 1, escalated: false, request: requested, approvers: ['bea'] },
  },
})
const approvedFor = (me: string): FourEyesRow => ({
  memberRoles,
  awaitedReview: null,
  closeVerdict: {
    closer: me,
    outcome: 'risk_confirmed',
    may: true,
    why: 'Approved by Bea Reviewer (bea), a second reviewer, after the case’s last change.',
    approvedBy: { entryId: 'e-approval', member: 'bea', author: bea, at, request: 'e-request' },
    needs: null,
  },
})

let seq = 0
const entry = (action: string, actor: Actor, after: unknown): AuditEntry => ({
  caseId: 'case_1',
  seq: ++seq,
  at,
  action,
  summary: action,
  before: null,
  after,
  prevHash: '0'.repeat(64),
  hash: '1'.repeat(64),
  actor,
})
const asked = entry('review-requested', alex, {
  outcome: 'risk_confirmed',
  reason: 'The wallet is listed.',
  reviewers: ['bea'],
})
const approval = entry('approved', bea, { request: 'e-request' })
const note = entry('note-added', alex, { text: 'One more transfer.' })

describe('the close dialog on a shared case', () => {
  it('closes as always on a case that is not shared, and when the rule does not apply', () => {
    expect(closeReview(null, 'no_concern', roster)).toEqual({ kind: 'close', why: null })
    const free: FourEyesRow = {
      memberRoles,
      awaitedReview: null,
      closeVerdict: {
        closer: 'alex',
        outcome: null,
        may: true,
        why: 'No hit is a confirmed true match and the case was never escalated: no second review is needed.',
        approvedBy: null,
        needs: null,
      },
    }
    expect(closeReview(free, 'inconclusive', roster)).toEqual({
      kind: 'close',
      why: 'No hit is a confirmed true match and the case was never escalated: no second review is needed.',
    })
  })

  it('asks for a review, naming who may approve, while none counts; says when one of mine already waits', () => {
    expect(closeReview(needing('alex', null), 'risk_confirmed', roster)).toEqual({
      kind: 'ask',
      why: needsWhy,
      note: null,
      approvers: ['bea'],
    })
    expect(closeReview(needing('alex', 'e-request'), 'risk_confirmed', roster)).toMatchObject({
      kind: 'ask',
      note: 'Your request to close as “Risk confirmed” already waits for review by Bea Reviewer (bea): asking again replaces it.',
    })
  })

  it('closes with the approval for the outcome it approved, and asks anew for another outcome', () => {
    expect(closeReview(approvedFor('alex'), 'risk_confirmed', roster)).toEqual({
      kind: 'close',
      why: 'Approved by Bea Reviewer (bea), a second reviewer, after the case’s last change.',
    })
    expect(closeReview(approvedFor('alex'), 'inconclusive', roster)).toMatchObject({
      kind: 'ask',
      note: 'That approval is for closing as “Risk confirmed”: closing as “Inconclusive” needs a new review.',
      approvers: ['bea'],
    })
  })

  it('offers nothing to send when nobody else holds the reviewer role', () => {
    const alone = { ...needing('bea', null), memberRoles: memberRoles.slice(0, 1) }
    expect(closeReview(alone, 'risk_confirmed', roster)).toEqual({
      kind: 'nobody',
      why: `${needsWhy} ${nobodyReviewsSentence}`,
    })
    // The reviewer herself needs another reviewer: she cannot review her own close.
    expect(closeReview(needing('bea', null), 'risk_confirmed', roster).kind).toBe('nobody')
  })
})

describe('the review panel on a shared case', () => {
  it('shows the waiting request: the reviewer may answer it, the requester waits', () => {
    expect(reviewStanding(needing('bea', 'e-request'), [asked], 'open')).toEqual({
      kind: 'waiting',
      request,
      approvers: ['bea'],
      mine: false,
      mayAnswer: true,
      withdrawn: null,
    })
    expect(reviewStanding(needing('alex', 'e-request'), [asked], 'open')).toMatchObject({
      mine: true,
      mayAnswer: false,
    })
  })

  it('shows the approval, and whether this member may close on it', () => {
    expect(reviewStanding(approvedFor('alex'), [asked, approval], 'open')).toMatchObject({
      kind: 'approved',
      approval,
      request: asked,
      outcome: 'risk_confirmed',
      mayClose: true,
    })
    const approver = { ...needing('bea', 'e-request'), awaitedReview: null }
    expect(reviewStanding(approver, [asked, approval], 'open')).toMatchObject({
      kind: 'approved',
      mayClose: false,
      why: needsWhy,
    })
  })

  it('says an approval was withdrawn by the change that came after it', () => {
    expect(
      reviewStanding(needing('alex', 'e-request'), [asked, approval, note], 'open'),
    ).toMatchObject({ kind: 'waiting', withdrawn: { approval, change: note } })
    const assigned = entry('assigned', alex, { member: 'alex' })
    expect(
      reviewStanding(needing('alex', 'e-request'), [asked, approval, assigned], 'open'),
    ).toMatchObject({ withdrawn: null })
  })

  it('shows a sending back with its reason, and nothing once the case is closed or reopened', () => {
    const sent = entry('sent-back', bea, { request: 'e-request', reason: 'Ask the exchange.' })
    const row = { ...needing('alex', 'e-request'), awaitedReview: null }
    expect(reviewStanding(row, [asked, sent], 'open')).toEqual({
      kind: 'sent-back',
      sending: sent,
      reason: 'Ask the exchange.',
    })
    expect(reviewStanding(approvedFor('alex'), [asked, approval], 'closed')).toBeNull()
    const reopened = entry('reopened', alex, { reason: 'More found.' })
    expect(reviewStanding(row, [asked, approval, reopened], 'open')).toBeNull()
    expect(reviewStanding(null, [asked], 'open')).toBeNull()
  })
})

describe('assignmentWords', () => {
  const side = (entryId: string, member: string, author: Actor, assignee: string | null) => ({
    entryId,
    member,
    author,
    at,
    assignee,
  })

  it('names the assignee by the roster, or says nobody is', () => {
    const toBea = side('e-1', 'alex', alex, 'bea')
    expect(assignmentWords(roster, { assignee: 'bea', contested: false, sides: [toBea] })).toEqual({
      assignee: 'Assigned to Bea Reviewer (bea)',
      contested: null,
    })
    expect(assignmentWords(roster, { assignee: null, contested: false, sides: [] })).toEqual({
      assignee: 'Unassigned',
      contested: null,
    })
    // A member the roster has not named yet is shown by their member name.
    expect(assignmentWords(roster, { assignee: 'cyd', contested: false, sides: [] }).assignee).toBe(
      'Assigned to cyd',
    )
  })

  it('says who gave a contested case to whom, and how to settle it', () => {
    const sides = [side('e-1', 'alex', alex, 'alex'), side('e-2', 'bea', bea, null)]
    expect(assignmentWords(roster, { assignee: 'alex', contested: true, sides })).toEqual({
      assignee: 'Assigned to Alex Investigator (alex)',
      contested:
        'Assigned at once by two members who did not know of each other: Alex Investigator (alex) took it; Bea Reviewer (bea) gave it to nobody. Reassign it to settle who works on it.',
    })
  })
})
