import { describe, expect, it } from 'vitest'
import {
  approvedClose,
  CaseLog,
  fourEyesAdmins,
  fourEyesDesks,
  RosterLog,
} from '../../test-support/fourEyesCase'
import { caseChanges } from '../../test-support/teamDesks'
import { oneDeskSentence } from '../team/fourEyes'
import { memberRolesSetAction } from '../team/teamRoles'
import { closeReviewSentence } from './closeReview'
import { breachDetail, checkTeamEvidence } from './teamEvidence'

const { ana, ben } = fourEyesDesks

const problemsOf = (check: ReturnType<typeof checkTeamEvidence>): string[] => [
  ...check.problems.map(({ path, detail }) => `${path} ${detail}`),
  ...(check.breach ? [`team/entries.json ${breachDetail(check.breach)}`] : []),
]

describe('the four-eyes rule in the evidence of a shared case', () => {
  it('holds a close approved by a second reviewer, and says who approved it and when', () => {
    const closed = approvedClose()
    const check = checkTeamEvidence(closed.caseId, closed.entries, closed.roster, fourEyesAdmins)
    expect(problemsOf(check)).toEqual([])
    expect(check.closeReview).toEqual({
      kind: 'approved',
      approval: {
        entryId: closed.approval._id,
        member: 'ben',
        author: ben.author,
        at: closed.approval.at,
      },
      closedBy: {
        entryId: closed.close._id,
        member: 'ana',
        author: ana.author,
        at: closed.close.at,
      },
    })
    expect(closeReviewSentence(check.closeReview!)).toBe(
      `Approved by Ben Example (ben), a second reviewer, at 2026-11-20 12:00:00 UTC; closed by Ana Example (ana).`,
    )
  })

  it('names the closing entry when the approval, the tail of its author’s chain, is dropped', () => {
    const closed = approvedClose()
    const dropped = closed.entries.filter((entry) => entry._id !== closed.approval._id)
    const check = checkTeamEvidence(closed.caseId, dropped, closed.roster, fourEyesAdmins)
    // Nothing of the chains shows it: the approval was the last entry of ben's desk.
    expect(check.problems).toEqual([])
    expect(problemsOf(check)).toEqual([
      `team/entries.json ${closed.close._id} closes the case without an approval by a second reviewer made after its last change. Because 1 hit is a confirmed true match, the case closes only with the approval of a second member holding the reviewer role, made after its last change: Ana Example (ana) asked for a review and no reviewer has approved it yet.`,
    ])
    expect(check.closeReview?.kind).toBe('breached')
  })

  it('names the gap and the close when the approval is dropped from inside its chain', () => {
    const closed = approvedClose('case_foureyes', {
      benAfter: () => caseChanges.assigned('ben'),
    })
    const assignment = closed.entries.at(-2)!
    const dropped = closed.entries.filter((entry) => entry._id !== closed.approval._id)
    const check = checkTeamEvidence(closed.caseId, dropped, closed.roster, fourEyesAdmins)
    expect(problemsOf(check)).toEqual([
      `team/entries.json ${assignment._id} follows an entry of its desk the bundle does not hold: its chain has a gap`,
      expect.stringMatching(
        new RegExp(`^team/entries.json ${closed.close._id} closes the case without an approval`),
      ),
    ])
  })

  it('judges the approver’s role by the roster the bundle carries and the admins it states', () => {
    const closed = approvedClose()
    const withoutRoles = closed.roster.filter((entry) => entry.action !== memberRolesSetAction)
    const noAdmins = checkTeamEvidence(closed.caseId, closed.entries, closed.roster, [])
    const noRoles = checkTeamEvidence(closed.caseId, closed.entries, withoutRoles, fourEyesAdmins)
    for (const check of [noAdmins, noRoles]) {
      expect(check.problems).toEqual([])
      expect(check.breach?.entryId).toBe(closed.close._id)
      expect(check.breach?.why).toContain(
        'Ben Example (ben) did not hold the reviewer role when approving',
      )
    }
  })

  it('needs no review for a case with no true match, and holds nothing against a case not closed', () => {
    const log = new CaseLog('case_clean')
    log.write(ana, caseChanges.created())
    log.write(ana, caseChanges.decided('case_clean', 'h1', 'false_positive'))
    const roster = new RosterLog()
    roster.publish(ana)
    const open = checkTeamEvidence('case_clean', log.entries, roster.entries, fourEyesAdmins)
    expect([open.breach, open.closeReview]).toEqual([null, null])
    log.write(ana, caseChanges.closed('no_concern', 'open'))
    const check = checkTeamEvidence('case_clean', log.entries, roster.entries, fourEyesAdmins)
    expect(problemsOf(check)).toEqual([])
    expect(check.closeReview).toMatchObject({ kind: 'not-needed' })
    expect(closeReviewSentence(check.closeReview!)).toBe(
      'No hit is a confirmed true match and the case was never escalated: no second review is needed.',
    )
    expect(closeReviewSentence({ kind: 'one-desk' })).toBe(oneDeskSentence)
  })

  it('holds only the close the case stands closed by: one reopened and closed again with approval verifies', () => {
    const caseId = 'case_again'
    const roster = new RosterLog()
    for (const desk of [ana, ben]) roster.publish(desk)
    roster.roles(ana, 'ben', ['reviewer'])
    const log = new CaseLog(caseId)
    log.write(ana, caseChanges.created())
    log.write(ana, caseChanges.decided(caseId, 'h1', 'true_match'))
    // Closed while the case was ana's alone, then shared: nobody could have approved it.
    const alone = log.write(ana, caseChanges.closed('risk_confirmed', 'open'))
    const breached = checkTeamEvidence(caseId, log.entries, roster.entries, fourEyesAdmins)
    expect(breached.breach?.entryId).toBe(alone._id)
    log.write(ana, caseChanges.reopened())
    const request = log.write(ana, caseChanges.reviewRequested('risk_confirmed', ['ben']))
    log.write(ben, caseChanges.approved(request._id))
    log.write(ana, caseChanges.closed('risk_confirmed', 'open'))
    const check = checkTeamEvidence(caseId, log.entries, roster.entries, fourEyesAdmins)
    expect(problemsOf(check)).toEqual([])
    expect(check.closeReview).toMatchObject({ kind: 'approved', approval: { member: 'ben' } })
  })

  it('sets aside the entries a removed member made after the removal the bundle carries', () => {
    const closed = approvedClose()
    const roster = new RosterLog()
    roster.entries.push(...closed.roster)
    // Removed before the approval was written: it no longer counts, nor does the close it allowed.
    roster.remove(ana, 'ben', '2026-11-20T11:30:00.000Z')
    const check = checkTeamEvidence(closed.caseId, closed.entries, roster.entries, fourEyesAdmins)
    expect(check.problems).toEqual([
      {
        path: 'team/entries.json',
        detail: `${closed.approval._id} was made after ben was removed`,
      },
    ])
    expect(check.breach?.entryId).toBe(closed.close._id)
  })
})
