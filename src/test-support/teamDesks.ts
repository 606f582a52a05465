import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import type { CaseOutcome, CaseState, HitDecisionKind } from '../shared/cases/caseSchemas'
import { fourEyesActions } from '../shared/cases/fourEyesActions'
import { keyFingerprint } from '../shared/identity/investigator'
import { nextTeamEntry, type TeamChange, type TeamWriter } from '../shared/team/nextTeamEntry'
import {
  rosterScope,
  signTeamEntry,
  teamEntryDocument,
  type TeamEntry,
  type TeamEntryDocument,
  type TeamScope,
} from '../shared/team/teamEntry'
import { memberRolesSetAction, type TeamRole } from '../shared/team/teamRoles'
import { memberKeyPublishedAction } from '../shared/team/teamRoster'

/** A member at one desk of a test team: their own Ed25519 key, their own device. */
export interface TestDesk {
  member: string
  device: string
  publicKey: string
  author: TeamWriter['author']
  sign: (message: Uint8Array) => string
}

/**
 * A desk whose key and device id follow from `seed` (1–255), so a failing property replays the
 * same signatures from its seed.
 */
export function testDesk(member: string, seed: number): TestDesk {
  const secretKey = new Uint8Array(32).fill(seed)
  const publicKey = bytesToHex(ed25519.getPublicKey(secretKey))
  const name = member.charAt(0).toUpperCase() + member.slice(1)
  return {
    member,
    device: bytesToHex(new Uint8Array(16).fill(seed)),
    publicKey,
    author: {
      name: `${name} Example`,
      email: `${member}@example.org`,
      organisation: 'Example Ltd',
      fingerprint: keyFingerprint(publicKey),
    },
    sign: (message) => bytesToHex(ed25519.sign(message, secretKey)),
  }
}

/** The signed document `desk` writes next in `scope`, holding `held` there. */
export function writeTeamEntry(
  desk: TestDesk,
  scope: TeamScope,
  held: readonly TeamEntry[],
  change: TeamChange,
  at = '2026-11-20T09:00:00.000Z',
): TeamEntryDocument {
  const writer = { scope, ...desk }
  return teamEntryDocument(signTeamEntry(nextTeamEntry(held, writer, change, at), desk.sign))
}

/** The roster entry in which `desk` publishes its own key. */
export const publishDeskKey = (
  desk: TestDesk,
  held: readonly TeamEntry[] = [],
  at?: string,
): TeamEntryDocument =>
  writeTeamEntry(
    desk,
    rosterScope,
    held,
    {
      action: memberKeyPublishedAction,
      summary: `${desk.author.name} published a key`,
      before: null,
      after: {
        member: desk.member,
        publicKey: desk.publicKey,
        name: desk.author.name,
        email: desk.author.email,
        organisation: desk.author.organisation,
      },
    },
    at,
  )

/** The roster entry in which `admin` sets `member`'s roles. */
export const writeMemberRoles = (
  admin: TestDesk,
  member: string,
  roles: readonly TeamRole[],
  held: readonly TeamEntry[] = [],
  at?: string,
): TeamEntryDocument =>
  writeTeamEntry(
    admin,
    rosterScope,
    held,
    {
      action: memberRolesSetAction,
      summary: `${member}: ${roles.join(', ') || 'no roles'}`,
      before: null,
      after: { member, roles: [...roles] },
    },
    at,
  )

/** Changes to a shared case as the case repository writes them, for tests of team replays. */
export const caseChanges = {
  created: (): TeamChange => ({
    action: 'created',
    summary: 'Case opened',
    before: null,
    after: { title: 'Shared case', subject: 'Wallet', description: '' },
  }),
  decided: (
    caseId: string,
    hitKey: string,
    decision: HitDecisionKind,
    rationale = `Judged ${decision}.`,
  ): TeamChange => ({
    action: 'hit-decided',
    summary: `Hit ${hitKey}: ${decision}`,
    before: null,
    after: {
      id: `${caseId}|check-1|${hitKey}`,
      caseId,
      checkId: 'check-1',
      environment: 'local',
      queryKey: 'wallet',
      hitKey,
      category: 'sanctions',
      recordTitle: `Record ${hitKey}`,
      decision,
      rationale,
      decidedAt: '2026-11-20T09:00:00.000Z',
    },
  }),
  moved: (from: CaseState, state: CaseState): TeamChange => ({
    action: 'state-changed',
    summary: `${from} → ${state}`,
    before: { state: from },
    after: { state },
  }),
  noted: (text: string): TeamChange => ({
    action: 'note-added',
    summary: 'Note added',
    before: null,
    after: { text },
  }),
  closed: (outcome: CaseOutcome, from: CaseState = 'in_review'): TeamChange => ({
    action: 'closed',
    summary: `Closed: ${outcome}`,
    before: { state: from },
    after: {
      state: 'closed',
      closure: { outcome, reason: 'Concluded.', closedAt: '2026-11-20T09:00:00.000Z' },
    },
  }),
  reopened: (): TeamChange => ({
    action: 'reopened',
    summary: 'Reopened: more to look at',
    before: { state: 'closed' },
    after: { state: 'open', reason: 'More to look at.' },
  }),
  assigned: (member: string | null, from: string | null = null): TeamChange => ({
    action: fourEyesActions.assigned,
    summary: member ? `Assigned to ${member}` : 'Unassigned',
    before: { member: from },
    after: { member },
  }),
  reviewRequested: (outcome: CaseOutcome, reviewers: readonly string[] = []): TeamChange => ({
    action: fourEyesActions.reviewRequested,
    summary: `Asked to close: ${outcome}`,
    before: null,
    after: { outcome, reason: 'Ready to close.', reviewers: [...reviewers] },
  }),
  approved: (request: string): TeamChange => ({
    action: fourEyesActions.approved,
    summary: 'Close approved',
    before: null,
    after: { request },
  }),
  sentBack: (request: string, reason = 'Look at the second wallet again.'): TeamChange => ({
    action: fourEyesActions.sentBack,
    summary: `Sent back: ${reason}`,
    before: null,
    after: { request, reason },
  }),
  checkLinked: (localId: string): TeamChange => ({
    action: 'check-linked',
    summary: `Check ${localId} linked`,
    before: null,
    after: { localId, query: 'wallet', fetchedAt: '2026-11-20T09:00:00.000Z' },
  }),
}
