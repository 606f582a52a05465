import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import type { CaseState, HitDecisionKind } from '../shared/cases/caseSchemas'
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
  checkLinked: (localId: string): TeamChange => ({
    action: 'check-linked',
    summary: `Check ${localId} linked`,
    before: null,
    after: { localId, query: 'wallet', fetchedAt: '2026-11-20T09:00:00.000Z' },
  }),
}
