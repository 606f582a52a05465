import { describe, expect, it } from 'vitest'
import {
  caseChanges,
  publishDeskKey,
  testDesk,
  writeMemberRoles,
  writeTeamEntry,
  type TestDesk,
} from '../../test-support/teamDesks'
import {
  awaitedReview,
  closeVerdict,
  fourEyesBreaches,
  oneDeskSentence,
  oneDeskVerdict,
} from './fourEyes'
import type { TeamChange } from './nextTeamEntry'
import { rosterScope, type TeamEntry, type TeamEntryDocument } from './teamEntry'
import type { TeamRole } from './teamRoles'
import { memberRemovedAction, replayTeamRoster, type TeamRoster } from './teamRoster'
import { trustTeamEntries } from './teamTrust'

const scope = 'case_foureyes'
const ana = testDesk('ana', 1)
const bob = testDesk('bob', 2)
const cyd = testDesk('cyd', 3)
const dee = testDesk('dee', 5)
const { approved, assigned, closed, created, decided, moved, noted, reviewRequested, sentBack } =
  caseChanges

/** Ana administers the team (by the server's configuration); bob and cyd review from 08:00. */
function rosterWith(...more: Array<(held: TeamEntry[]) => TeamEntryDocument>): TeamRoster {
  const early = '2026-11-20T08:00:00.000Z'
  const steps = [
    ...[ana, bob, cyd, dee].map((desk) => (held: TeamEntry[]) => publishDeskKey(desk, held, early)),
    ...(['bob', 'cyd'] as const).map(
      (member) => (held: TeamEntry[]) =>
        writeMemberRoles(ana, member, ['investigator', 'reviewer'], held, early),
    ),
    ...more,
  ]
  const documents = steps.reduce<TeamEntryDocument[]>((held, step) => [...held, step(held)], [])
  const { roster, setAside } = replayTeamRoster(documents, ['ana'])
  expect(setAside.filter(({ kind }) => kind !== 'not-allowed')).toEqual([])
  return roster
}
const roster = rosterWith()

/** A case written one entry after another, each desk holding all before it; an hour apart. */
class CaseLog {
  entries: TeamEntryDocument[] = []
  write(desk: TestDesk, change: TeamChange, held: readonly TeamEntry[] = this.entries) {
    const at = new Date(Date.UTC(2026, 10, 20, 9 + this.entries.length)).toISOString()
    const entry = writeTeamEntry(desk, scope, held, change, at)
    this.entries.push(entry)
    return entry
  }
}

/** Ana opens the case, decides a true match and asks to close as risk confirmed. */
function askedToClose(): { log: CaseLog; request: TeamEntryDocument } {
  const log = new CaseLog()
  log.write(ana, created())
  log.write(ana, decided(scope, 'h1', 'true_match'))
  log.write(ana, moved('open', 'in_review'))
  const request = log.write(ana, reviewRequested('risk_confirmed', ['bob', 'cyd']))
  return { log, request }
}

const anaCloses = { member: 'ana', outcome: 'risk_confirmed' } as const

describe('the four-eyes rule', () => {
  it('lets a case with no true match, never escalated, close without a second review', () => {
    const log = new CaseLog()
    log.write(ana, created())
    log.write(ana, decided(scope, 'h1', 'false_positive'))
    expect(closeVerdict(log.entries, roster, { member: 'ana', outcome: 'no_concern' })).toEqual({
      may: true,
      approvedBy: null,
      why: 'No hit is a confirmed true match and the case was never escalated: no second review is needed.',
    })
  })

  it('asks for a second reviewer when a hit is a confirmed true match, and says who may approve', () => {
    const log = new CaseLog()
    log.write(ana, created())
    log.write(ana, decided(scope, 'h1', 'true_match'))
    expect(closeVerdict(log.entries, roster, anaCloses)).toEqual({
      may: false,
      why: 'Because 1 hit is a confirmed true match, the case closes only with the approval of a second member holding the reviewer role, made after its last change: nobody has asked for a review yet.',
      needs: {
        cause: { trueMatches: 1, escalated: false },
        request: null,
        approvers: ['bob', 'cyd'],
      },
    })
  })

  it('lets the case close once a second reviewer approves the request, naming them', () => {
    const { log, request } = askedToClose()
    const approval = log.write(bob, approved(request._id))
    const verdict = closeVerdict(log.entries, roster, anaCloses)
    expect(verdict).toMatchObject({
      may: true,
      approvedBy: {
        entryId: approval._id,
        member: 'bob',
        author: bob.author,
        request: { entryId: request._id, member: 'ana', outcome: 'risk_confirmed' },
      },
    })
    expect(verdict.why).toBe(
      "Approved by Bob Example (bob), a second reviewer, after the case's last change.",
    )
  })

  it('refuses an approval of one’s own close request', () => {
    const { log, request } = askedToClose()
    log.write(ana, approved(request._id))
    const verdict = closeVerdict(log.entries, roster, anaCloses)
    expect(verdict.may).toBe(false)
    expect(verdict.why).toContain('Ana Example (ana) cannot approve their own close request')
  })

  it('refuses an approval by the member who then closes', () => {
    const { log, request } = askedToClose()
    log.write(bob, approved(request._id))
    const verdict = closeVerdict(log.entries, roster, { ...anaCloses, member: 'bob' })
    expect(verdict.may).toBe(false)
    expect(verdict.why).toContain('cannot approve a close they make themself')
  })

  it('refuses an approval by a member without the reviewer role, also one who gave it to themself', () => {
    const { log, request } = askedToClose()
    log.write(dee, approved(request._id))
    const verdict = closeVerdict(log.entries, roster, anaCloses)
    expect(verdict.why).toContain('Dee Example (dee) did not hold the reviewer role when approving')
    const selfMade = rosterWith((held) =>
      writeMemberRoles(dee, 'dee', ['reviewer'], held, '2026-11-20T08:30:00.000Z'),
    )
    expect(closeVerdict(log.entries, selfMade, anaCloses).may).toBe(false)
  })

  it('refuses a close with another outcome than the one approved', () => {
    const { log, request } = askedToClose()
    log.write(bob, approved(request._id))
    const verdict = closeVerdict(log.entries, roster, { ...anaCloses, outcome: 'inconclusive' })
    expect(verdict.why).toContain('approved closing as “Risk confirmed”, not as “Inconclusive”')
  })

  it('withdraws an approval by any later change, but not by an assignment or another approval', () => {
    const { log, request } = askedToClose()
    log.write(bob, approved(request._id))
    log.write(ana, assigned('ana'))
    log.write(dee, approved(request._id))
    expect(closeVerdict(log.entries, roster, anaCloses).may).toBe(true)
    const note = log.write(ana, noted('One more thing.'))
    const verdict = closeVerdict(log.entries, roster, anaCloses)
    expect(verdict.may).toBe(false)
    expect(verdict.why).toContain(
      `approved before a later change (note-added, entry ${note._id}), which withdrew the approval`,
    )
    log.write(cyd, approved(request._id))
    expect(closeVerdict(log.entries, roster, anaCloses)).toMatchObject({
      may: true,
      approvedBy: { member: 'cyd' },
    })
  })

  it('does not count an approval whose approver had not seen a change made meanwhile', () => {
    const { log, request } = askedToClose()
    const before = [...log.entries]
    log.write(ana, decided(scope, 'h2', 'true_match'))
    log.write(bob, approved(request._id), before)
    expect(closeVerdict(log.entries, roster, anaCloses).may).toBe(false)
  })

  it('still asks for a second review of a case that was escalated, though no hit is a true match', () => {
    const log = new CaseLog()
    log.write(ana, created())
    log.write(ana, moved('open', 'escalated'))
    log.write(ana, moved('escalated', 'in_review'))
    log.write(ana, decided(scope, 'h1', 'false_positive'))
    const verdict = closeVerdict(log.entries, roster, { member: 'ana', outcome: 'no_concern' })
    expect(verdict).toMatchObject({
      may: false,
      needs: { cause: { trueMatches: 0, escalated: true } },
    })
    expect(verdict.why).toMatch(/^Because the case was escalated, /)
  })

  it('counts a true match one desk confirmed while another desk’s other call stands beside it', () => {
    const log = new CaseLog()
    const opened = log.write(ana, created())
    log.write(ana, decided(scope, 'h1', 'true_match'), [opened])
    log.write(bob, decided(scope, 'h1', 'false_positive'), [opened])
    expect(closeVerdict(log.entries, roster, anaCloses)).toMatchObject({
      may: false,
      needs: { cause: { trueMatches: 1 } },
    })
  })

  it('counts a removed reviewer’s approval made before the removal, not one made after it', () => {
    const removal = (held: TeamEntry[]) =>
      writeTeamEntry(
        ana,
        rosterScope,
        held,
        {
          action: memberRemovedAction,
          summary: 'bob removed',
          before: null,
          after: { member: 'bob', reason: 'Left the team.' },
        },
        '2026-11-20T13:30:00.000Z',
      )
    const withoutBob = rosterWith(removal)
    const before = askedToClose()
    // The request is entry 4, at 12:00; bob approves at 13:00, before his removal at 13:30.
    before.log.write(bob, approved(before.request._id))
    expect(closeVerdict(before.log.entries, withoutBob, anaCloses).may).toBe(true)
    const after = askedToClose()
    after.log.write(ana, noted('Still checking.'))
    // At 14:00: after his removal. The desks set it aside; the rule alone refuses it too.
    const late = after.log.write(bob, approved(after.request._id))
    const verdict = closeVerdict(after.log.entries, withoutBob, anaCloses)
    expect(verdict.why).toContain('Bob Example (bob) did not hold the reviewer role when approving')
    const trust = trustTeamEntries(scope, after.log.entries, withoutBob)
    expect(trust.setAside).toMatchObject([{ kind: 'removed-member', id: late._id }])
  })

  it('says a team admin must name a reviewer when nobody else holds the role', () => {
    const noReviewers = rosterWith(
      ...(['bob', 'cyd'] as const).map(
        (member) => (held: TeamEntry[]) =>
          writeMemberRoles(
            ana,
            member,
            ['investigator'] as TeamRole[],
            held,
            '2026-11-20T08:00:00.000Z',
          ),
      ),
    )
    const { log } = askedToClose()
    const verdict = closeVerdict(log.entries, noReviewers, anaCloses)
    expect(verdict).toMatchObject({ may: false, needs: { approvers: [] } })
    expect(verdict.why).toContain(
      'Ana Example (ana) asked for a review and no reviewer has approved it yet. No other member holds the reviewer role: a team admin must give someone the role.',
    )
  })
})

describe('the close requests a case waits on', () => {
  it('waits for a reviewer other than the requester until approved, sent back or closed', () => {
    const { log, request } = askedToClose()
    expect(awaitedReview(log.entries, roster)).toMatchObject({
      request: { entryId: request._id, member: 'ana', reviewers: ['bob', 'cyd'] },
      approvers: ['bob', 'cyd'],
    })
    log.write(ana, approved(request._id))
    expect(awaitedReview(log.entries, roster)?.approvers).toEqual(['bob', 'cyd'])
    log.write(bob, sentBack(request._id))
    expect(awaitedReview(log.entries, roster)).toBeNull()
    const again = log.write(ana, reviewRequested('reported'))
    expect(awaitedReview(log.entries, roster)?.request.entryId).toBe(again._id)
    log.write(cyd, approved(again._id))
    expect(awaitedReview(log.entries, roster)).toBeNull()
  })

  it('withdraws a sent-back request’s approvals: the sending back is a change', () => {
    const { log, request } = askedToClose()
    log.write(bob, approved(request._id))
    log.write(cyd, sentBack(request._id, 'The second wallet is not decided.'))
    expect(closeVerdict(log.entries, roster, anaCloses).may).toBe(false)
  })
})

describe('closes that broke the rule', () => {
  it('names each closed entry made without a standing approval, and passes an approved one', () => {
    const { log, request } = askedToClose()
    const early = log.write(ana, closed('risk_confirmed'))
    log.write(ana, caseChanges.reopened())
    log.write(bob, approved(request._id))
    const late = log.write(ana, closed('risk_confirmed'))
    expect(fourEyesBreaches(log.entries, roster)).toEqual([
      {
        entryId: early._id,
        member: 'ana',
        at: early.at,
        problem: `${early._id} closes the case without an approval by a second reviewer made after its last change`,
        why: expect.stringContaining(
          'asked for a review and no reviewer has approved it yet',
        ) as unknown,
      },
    ])
    expect(
      fourEyesBreaches(
        log.entries.filter((entry) => entry !== early),
        roster,
      ),
    ).toEqual([])
    expect(late.action).toBe('closed')
  })

  it('judges a close on what its desk had: a change made meanwhile elsewhere does not break it', () => {
    const { log, request } = askedToClose()
    log.write(bob, approved(request._id))
    const held = [...log.entries]
    log.write(cyd, noted('Seen elsewhere.'), held)
    log.write(ana, closed('risk_confirmed'), held)
    expect(fourEyesBreaches(log.entries, roster)).toEqual([])
  })
})

describe('a desk with no team', () => {
  it('closes without the rule, and says so', () => {
    expect(oneDeskSentence).toBe('Closed without a second review (one-person desk).')
    expect(oneDeskVerdict).toEqual({ may: true, approvedBy: null, why: oneDeskSentence })
  })
})
