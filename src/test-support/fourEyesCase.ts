import type { CaseOutcome } from '../shared/cases/caseSchemas'
import type { TeamChange } from '../shared/team/nextTeamEntry'
import { rosterScope, type TeamEntry, type TeamEntryDocument } from '../shared/team/teamEntry'
import type { TeamRole } from '../shared/team/teamRoles'
import { memberRemovedAction } from '../shared/team/teamRoster'
import {
  caseChanges,
  publishDeskKey,
  testDesk,
  writeMemberRoles,
  writeTeamEntry,
  type TestDesk,
} from './teamDesks'

/**
 * A shared case closed under the four-eyes rule, as signed entries: ana (a team admin by the
 * server's configuration) decides a true match and asks to close; ben, whom ana made a reviewer,
 * approves; ana closes. For tests of what a bundle of it carries and how it verifies.
 */
export const fourEyesDesks = {
  ana: testDesk('ana', 1),
  ben: testDesk('ben', 2),
  cyd: testDesk('cyd', 3),
} as const

export const fourEyesAdmins: readonly string[] = ['ana']

/** An hour after 08:00 per step, so that each entry's time says where it stands. */
const hour = (step: number): string => new Date(Date.UTC(2026, 10, 20, 8 + step)).toISOString()

/** The roster's entries, written one after another, each desk holding those before. */
export class RosterLog {
  entries: TeamEntryDocument[] = []

  publish(desk: TestDesk): TeamEntryDocument {
    return this.add(publishDeskKey(desk, this.entries, hour(0)))
  }

  roles(admin: TestDesk, member: string, roles: readonly TeamRole[]): TeamEntryDocument {
    return this.add(writeMemberRoles(admin, member, roles, this.entries, hour(0)))
  }

  remove(admin: TestDesk, member: string, at: string): TeamEntryDocument {
    return this.add(
      writeTeamEntry(
        admin,
        rosterScope,
        this.entries,
        {
          action: memberRemovedAction,
          summary: `${member} removed`,
          before: null,
          after: { member, reason: 'Left the firm.' },
        },
        at,
      ),
    )
  }

  private add(entry: TeamEntryDocument): TeamEntryDocument {
    this.entries.push(entry)
    return entry
  }
}

/** A case's entries, written one after another an hour apart, each desk holding all before. */
export class CaseLog {
  entries: TeamEntryDocument[] = []

  constructor(readonly caseId: string) {}

  write(desk: TestDesk, change: TeamChange, held: readonly TeamEntry[] = this.entries) {
    const entry = writeTeamEntry(desk, this.caseId, held, change, hour(1 + this.entries.length))
    this.entries.push(entry)
    return entry
  }
}

export interface FourEyesCase {
  caseId: string
  /** Every entry of the case in the order written. */
  entries: TeamEntryDocument[]
  /** The roster entries: the three keys, and ana making ben a reviewer. */
  roster: TeamEntryDocument[]
  request: TeamEntryDocument
  approval: TeamEntryDocument
  close: TeamEntryDocument
}

/**
 * Ana opens the case, decides a true match and asks to close as `outcome`; ben approves (and,
 * when `benAfter` is given, writes it next: an entry that changes nothing a reviewer saw); ana
 * closes.
 */
export function approvedClose(
  caseId = 'case_foureyes',
  {
    outcome = 'risk_confirmed',
    benAfter,
  }: { outcome?: CaseOutcome; benAfter?: (request: string) => TeamChange } = {},
): FourEyesCase {
  const { ana, ben, cyd } = fourEyesDesks
  const roster = new RosterLog()
  for (const desk of [ana, ben, cyd]) roster.publish(desk)
  roster.roles(ana, 'ben', ['investigator', 'reviewer'])
  const log = new CaseLog(caseId)
  log.write(ana, caseChanges.created())
  log.write(ana, caseChanges.decided(caseId, 'h1', 'true_match'))
  const request = log.write(ana, caseChanges.reviewRequested(outcome, ['ben']))
  const approval = log.write(ben, caseChanges.approved(request._id))
  if (benAfter) log.write(ben, benAfter(request._id))
  const close = log.write(ana, caseChanges.closed(outcome, 'open'))
  return { caseId, entries: log.entries, roster: roster.entries, request, approval, close }
}
