import { describe, expect, it } from 'vitest'
import { checkTeamEvidence } from '../../../shared/evidence/teamEvidence'
import type { TeamEntryDocument } from '../../../shared/team/teamEntry'
import { replayTeamRoster } from '../../../shared/team/teamRoster'
import { trustTeamEntries } from '../../../shared/team/teamTrust'
import { CaseLog, fourEyesDesks, RosterLog } from '../../../test-support/fourEyesCase'
import { caseChanges, testDesk, writeTeamEntry } from '../../../test-support/teamDesks'
import { sharedCaseEvidence } from './sharedCaseEvidence'

const { ana, ben, cyd } = fourEyesDesks
const dee = testDesk('dee', 4)
const eve = testDesk('eve', 5)
const caseId = 'case_roster'

/** A desk's team as the exporter reads it: one case, the roster, the configured admins. */
const teamHolding = (
  entries: TeamEntryDocument[],
  roster: TeamEntryDocument[],
  admins: string[],
) => {
  const replay = () => replayTeamRoster(roster, admins)
  return sharedCaseEvidence({
    caseScopes: async () => new Map([[caseId, entries.length]]),
    scope: async () => {
      const { roster: replayed } = replay()
      return { ...trustTeamEntries(caseId, entries, replayed), roster: replayed }
    },
    roster: async () => replay(),
  })
}

/**
 * Cyd, a team admin by the server's configuration, never writes in the case: she publishes her
 * key, makes ben a reviewer, then removes dee (who never wrote in the case either). Ana and ben
 * write the case; ben approves ana's close. Eve is in the team and has nothing to do with it.
 */
function teamWithAnAdminOutsideTheCase() {
  const roster = new RosterLog()
  for (const desk of [ana, ben, cyd, dee, eve]) roster.publish(desk)
  const benReviews = roster.roles(cyd, 'ben', ['investigator', 'reviewer'])
  const deeRemoved = roster.remove(cyd, 'dee', '2026-11-20T08:30:00.000Z')
  const log = new CaseLog(caseId)
  log.write(ana, caseChanges.created())
  log.write(ana, caseChanges.decided(caseId, 'h1', 'true_match'))
  const request = log.write(ana, caseChanges.reviewRequested('risk_confirmed', ['ben']))
  const approval = log.write(ben, caseChanges.approved(request._id))
  log.write(ana, caseChanges.closed('risk_confirmed', 'open'))
  return { roster, log, benReviews, deeRemoved, approval }
}

describe('what a bundle of a shared case carries of the roster', () => {
  it('carries the settings of roles and removals by an admin who never wrote in the case, with her chain whole and the members they name', async () => {
    const { roster, log, benReviews, deeRemoved, approval } = teamWithAnAdminOutsideTheCase()
    const evidence = await teamHolding(log.entries, roster.entries, ['cyd']).evidenceOf(
      caseId,
      ana.publicKey,
    )
    expect(evidence?.admins).toEqual(['cyd'])
    expect(evidence?.roster.map((entry) => [entry.member, entry.action])).toEqual([
      ['ana', 'member-key-published'],
      ['ben', 'member-key-published'],
      ['cyd', 'member-key-published'],
      ['dee', 'member-key-published'],
      ['cyd', 'member-roles-set'],
      ['cyd', 'member-removed'],
    ])
    expect(evidence?.roster.map((entry) => entry._id)).toContain(benReviews._id)
    expect(evidence?.roster.map((entry) => entry._id)).toContain(deeRemoved._id)

    const check = checkTeamEvidence(caseId, evidence!.entries, evidence!.roster, evidence!.admins)
    expect(check.problems).toEqual([])
    expect(check.breach).toBeNull()
    expect(check.closeReview).toMatchObject({
      kind: 'approved',
      approval: { entryId: approval._id, member: 'ben' },
    })
  })

  it('carries the entries before a needed one on its desk, even one that does not count', async () => {
    const roster = new RosterLog()
    for (const desk of [ana, ben, cyd]) roster.publish(desk)
    // Ben is no admin yet: his setting of cyd's roles is set aside, and stays on his desk's chain.
    const tooEarly = roster.roles(ben, 'cyd', ['reviewer', 'team-admin'])
    roster.roles(ana, 'ben', ['investigator', 'team-admin'])
    const cydReviews = roster.roles(ben, 'cyd', ['reviewer'])
    const log = new CaseLog(caseId)
    log.write(ana, caseChanges.created())
    const evidence = await teamHolding(log.entries, roster.entries, ['ana']).evidenceOf(
      caseId,
      ana.publicKey,
    )
    const carried = evidence?.roster.map((entry) => entry._id)
    expect(carried).toContain(tooEarly._id)
    expect(carried).toContain(cydReviews._id)
    const check = checkTeamEvidence(caseId, evidence!.entries, evidence!.roster, evidence!.admins)
    expect(check.problems).toEqual([])
    expect(check.roster.roles.get('cyd')?.map(({ by, roles }) => [by, roles])).toEqual([
      ['ben', ['reviewer']],
    ])
  })

  it('leaves no gap in a removed colleague’s chain when their desk dated an entry back', async () => {
    const roster = new RosterLog()
    for (const desk of [ana, ben]) roster.publish(desk)
    roster.remove(ana, 'ben', '2026-11-20T10:00:00.000Z')
    const opened = writeTeamEntry(
      ana,
      caseId,
      [],
      caseChanges.created(),
      '2026-11-20T09:00:00.000Z',
    )
    const after = writeTeamEntry(
      ben,
      caseId,
      [opened],
      caseChanges.noted('a'),
      '2026-11-20T10:30:00.000Z',
    )
    // Written after `after`, on the same desk, under a clock turned back before the removal.
    const datedBack = writeTeamEntry(
      ben,
      caseId,
      [opened, after],
      caseChanges.noted('b'),
      '2026-11-20T09:30:00.000Z',
    )
    const evidence = await teamHolding([opened, after, datedBack], roster.entries, [
      'ana',
    ]).evidenceOf(caseId, ana.publicKey)
    expect(evidence?.entries.map((entry) => entry._id)).toEqual([opened._id])
    const check = checkTeamEvidence(caseId, evidence!.entries, evidence!.roster, evidence!.admins)
    expect(check.problems).toEqual([])
  })
})
