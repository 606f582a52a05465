import { z } from 'zod'
import {
  auditEntrySchema,
  caseOutcomeSchema,
  caseStateSchema,
  hitDecisionKindSchema,
  reasonSchema,
} from '../cases/caseSchemas'
import { actorSchema, fingerprintSchema } from '../identity/investigator'
import { deviceIdSchema, memberNameSchema } from '../team/teamEntry'
import { teamRoleSchema, teamRoles } from '../team/teamRoles'
import { teamDatabaseNameSchema } from '../team/teamConfig'
import { teamServerUrlSchema } from '../team/teamServerAddress'
import { defineMethod } from './defineMethod'
import {
  checkEvidenceSchema,
  exportedCheckSchema,
  exportedEntitySchema,
  type ExportedEntity,
} from './evidenceContract'

/** Where the desk stands with the team server, as the status line says it. */
export const teamSyncStates = ['connecting', 'in-sync', 'sending', 'offline', 'refused'] as const

export const teamSyncSchema = z.object({
  state: z.enum(teamSyncStates),
  /** Entries written here that the server does not have yet. */
  waiting: z.number().int().nonnegative(),
  /** Since when the server could not be reached; null while it can. */
  offlineSince: z.iso.datetime().nullable(),
  /** When both sides last held the same entries. */
  lastInSyncAt: z.iso.datetime().nullable(),
  /** What went wrong and what to do, in a sentence; null when nothing did. */
  problem: z.string().nullable(),
})
export type TeamSync = z.infer<typeof teamSyncSchema>

export const rosterMemberSchema = z.object({
  member: memberNameSchema,
  name: z.string(),
  email: z.string(),
  organisation: z.string(),
  fingerprints: z.array(fingerprintSchema),
  /** A team admin by the server's configuration (the roster may make others: see `roles`). */
  admin: z.boolean(),
  removed: z.boolean(),
  /** What the member holds as the roster stands; nothing once removed. */
  roles: z.array(teamRoleSchema),
  /**
   * Two admins set their roles without knowing of each other, saying different things: they hold
   * only what both gave until an admin sets them again.
   */
  rolesContested: z.boolean(),
})
export type RosterMemberView = z.infer<typeof rosterMemberSchema>

export const teamViewSchema = z.discriminatedUnion('joined', [
  z.object({ joined: z.literal(false) }),
  z.object({
    joined: z.literal(true),
    serverUrl: z.string(),
    database: z.string(),
    member: memberNameSchema,
    joinedAt: z.iso.datetime(),
    device: deviceIdSchema,
    sync: teamSyncSchema,
    roster: z.array(rosterMemberSchema),
    /** Roster entries received but not applied: a sentence per reason, with its count. */
    setAside: z.array(z.string()),
  }),
])
export type TeamView = z.infer<typeof teamViewSchema>

export const teamJoinSchema = z.strictObject({
  serverUrl: teamServerUrlSchema,
  database: z.string().trim().pipe(teamDatabaseNameSchema),
  member: memberNameSchema,
  password: z.string().min(1, 'is required').max(1024, 'must be at most 1024 characters'),
})
export type TeamJoin = z.input<typeof teamJoinSchema>

const caseIdSchema = z.string().regex(/^case_[A-Za-z0-9-]+$/)
const entryIdSchema = z.string().min(1).max(300)

/** A reason of up to 2000 characters, each up to 3 bytes of UTF-8, with the rest of the input. */
const reasonInputBytes = 8 * 1024

/** What a four-eyes call wrote: one signed entry of the case's trail. */
const writtenEntrySchema = z.object({ entryId: z.string() })

const queueListSchema = z.object({
  count: z.number().int().nonnegative(),
  caseIds: z.array(caseIdSchema),
})

/** Shared cases by what they ask of this desk's member; closed cases are in none. */
export const reviewQueueSchema = z.object({
  /** Cases whose awaited close request lists this member among who may approve it. */
  waitingForMyReview: queueListSchema,
  assignedToMe: queueListSchema,
  unassigned: queueListSchema,
})
export type ReviewQueue = z.infer<typeof reviewQueueSchema>

/** A change of a shared case as the trail writes it: the main side signs it as this desk's. */
const caseChangeSchema = z.strictObject({
  action: z.string().min(1).max(64),
  summary: z.string().max(2000),
  before: z.unknown(),
  after: z.unknown(),
})

/**
 * How much of an entity's details go with its link, in characters of JSON: far more than an
 * entity of the service, small enough that a case of hundreds of linked entities still shares.
 */
export const maxLinkedEntityChars = 64 * 1024

/**
 * A linked entity as it goes with its link: as the linking desk cached it, or without details
 * (null) when it had none. Its details are bounded, since every desk keeps them with the case.
 */
export const linkedEntitySchema = exportedEntitySchema.refine(
  (linked: ExportedEntity) => JSON.stringify(linked).length <= maxLinkedEntityChars,
  `an entity's details must be at most ${maxLinkedEntityChars} characters of JSON`,
)

/** One entry of a shared case that counts, in the case's one order, with who wrote it. */
export const sharedEntrySchema = z.object({
  entryId: z.string(),
  member: memberNameSchema,
  author: actorSchema,
  at: z.iso.datetime(),
  action: z.string(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
})
export type SharedEntry = z.infer<typeof sharedEntrySchema>

const sideShape = {
  entryId: z.string(),
  member: memberNameSchema,
  author: actorSchema,
  at: z.iso.datetime(),
}

/** Two desks that said different things without knowing of each other: both sides, unsettled. */
export const teamDisagreementSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('hit'),
    decisionId: z.string(),
    hit: z.object({
      checkId: z.string(),
      hitKey: z.string(),
      category: z.string(),
      recordTitle: z.string(),
    }),
    sides: z.array(
      z.object({ ...sideShape, decision: hitDecisionKindSchema, rationale: z.string() }),
    ),
  }),
  z.object({
    kind: z.literal('state'),
    sides: z.array(
      z.object({
        ...sideShape,
        action: z.string(),
        state: caseStateSchema,
        outcome: caseOutcomeSchema.optional(),
      }),
    ),
  }),
])
export type TeamDisagreementView = z.infer<typeof teamDisagreementSchema>

/** Who a shared case is assigned to, as its `assigned` entries say. */
export const caseAssignmentViewSchema = z.object({
  /** The later in the case's one order when two assignments stand; null when unassigned. */
  assignee: memberNameSchema.nullable(),
  /** Two assignments made without knowing of each other name different members: reassign to settle. */
  contested: z.boolean(),
  /** The assignments that stand: `member` assigned the case to `assignee`. */
  sides: z.array(z.object({ ...sideShape, assignee: memberNameSchema.nullable() })),
})
export type CaseAssignmentView = z.infer<typeof caseAssignmentViewSchema>

/** A close request of a shared case: who asked to close it, with which outcome, and why. */
export const closeRequestViewSchema = z.object({
  ...sideShape,
  outcome: caseOutcomeSchema,
  reason: z.string(),
  /** The reviewers the requester asked (who are told). */
  reviewers: z.array(memberNameSchema),
})

/** The close request a shared case waits on, and who may approve it as the roster stands. */
export const awaitedReviewViewSchema = z.object({
  /** Pass its `entryId` to `team.approve` or `team.sendBack`. */
  request: closeRequestViewSchema,
  approvers: z.array(memberNameSchema),
})
export type AwaitedReviewView = z.infer<typeof awaitedReviewViewSchema>

/**
 * Whether this desk's member may close the shared case now (the four-eyes rule, judged on the main
 * side, which refuses a close it does not allow), for the outcome of its latest close request.
 */
export const closeVerdictViewSchema = z.object({
  /** Who would close: this desk's member. */
  closer: memberNameSchema,
  /** The outcome judged: that of the case's latest close request; null when nobody asked yet. */
  outcome: caseOutcomeSchema.nullable(),
  may: z.boolean(),
  /** Why, in a sentence, to show as it is. */
  why: z.string(),
  /** The approval that allows the close; null when none is needed or none counts. */
  approvedBy: z.object({ ...sideShape, request: z.string() }).nullable(),
  /** What a close still needs; null when it may close. */
  needs: z
    .object({
      trueMatches: z.number().int().nonnegative(),
      escalated: z.boolean(),
      /** The standing close request's entry id, or null when a review must be asked for first. */
      request: z.string().nullable(),
      /** Who may approve; empty when nobody may: a team admin must give someone the reviewer role. */
      approvers: z.array(memberNameSchema),
    })
    .nullable(),
})
export type CloseVerdictView = z.infer<typeof closeVerdictViewSchema>

/** A current member's roles, as the roster stands. */
export const memberRolesViewSchema = z.object({
  member: memberNameSchema,
  roles: z.array(teamRoleSchema),
})

/** A shared case as this desk computes it from the entries the roster lets count. */
export const sharedCaseSchema = z.object({
  caseId: caseIdSchema,
  /**
   * How many documents of the case and of the roster this desk holds, applied or not: more means
   * news (a roster change can change what the case's entries count for).
   */
  documents: z.number().int().nonnegative(),
  entries: z.array(sharedEntrySchema),
  disagreements: z.array(teamDisagreementSchema),
  authors: z.array(
    z.object({ member: memberNameSchema, author: actorSchema, entries: z.number().int() }),
  ),
  /** Entries of the case held here but not applied: a sentence per reason, with its count. */
  setAside: z.array(z.string()),
  /** Its linked checks, each read here from the raw answer its entry carries. */
  checks: z.array(exportedCheckSchema),
  /** Checks linked by an entry whose raw answer has not arrived or is not what was signed. */
  missingChecks: z.array(z.string()),
  /**
   * Every entity its entries linked, with the details the linking desk sent (read here from the
   * entry's signed attachment), or none: not cached there, not arrived, or not what was signed.
   */
  entities: z.array(exportedEntitySchema),
  assignment: caseAssignmentViewSchema,
  /** The close request the case waits on, or null (none, sent back, approved, closed, reopened). */
  awaitedReview: awaitedReviewViewSchema.nullable(),
  closeVerdict: closeVerdictViewSchema,
  /** Every member not removed, with their roles: whom a close request may name. */
  memberRoles: z.array(memberRolesViewSchema),
})
export type SharedCase = z.infer<typeof sharedCaseSchema>

export const teamContract = {
  'team.view': defineMethod(z.strictObject({}), teamViewSchema),
  /**
   * Checks the name and password with the server, keeps the password in the key store (never
   * returned), publishes this desk's public key in the roster and starts replicating.
   */
  'team.join': defineMethod(teamJoinSchema, teamViewSchema, { reachesService: false }),
  /** A team admin removes a member (a signed roster entry); their later entries count nowhere. */
  'team.removeMember': defineMethod(
    z.strictObject({
      member: memberNameSchema,
      reason: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
    }),
    teamViewSchema,
  ),
  /** Stops replicating and forgets the password; every entry already here stays. */
  'team.leave': defineMethod(z.strictObject({}), teamViewSchema),
  /**
   * Shares a case of this desk: its trail, entry by entry, signed as this desk's, each linked
   * check with the raw answer it was read from and each linked entity as this desk cached it. A
   * large case comes in parts, each the trail so far with the checks and entities its new entries
   * link; a part already shared adds nothing.
   */
  'team.shareCase': defineMethod(
    z.strictObject({
      caseId: caseIdSchema,
      trail: z.array(auditEntrySchema).min(1).max(5000),
      checks: z.array(checkEvidenceSchema).max(2000),
      // At most one an entry: small as they are, a part may carry every one of its trail's.
      entities: z.array(linkedEntitySchema).max(5000).optional(),
    }),
    z.object({ entries: z.number().int().nonnegative() }),
    // Parts of about 4 MiB of raw answers and entities (see shareCase in the page), well under this.
    { maxInputBytes: 16 * 1024 * 1024 },
  ),
  /**
   * One change of a shared case; a `check-linked` change carries the check's evidence, an
   * `entity-linked` one the entity as this desk cached it.
   */
  'team.writeCase': defineMethod(
    z.strictObject({
      caseId: caseIdSchema,
      change: caseChangeSchema,
      check: checkEvidenceSchema.optional(),
      entity: linkedEntitySchema.optional(),
    }),
    z.object({ entryId: z.string() }),
    { maxInputBytes: 4 * 1024 * 1024 },
  ),
  /** The shared cases this desk holds, with how many entries of each it holds. */
  'team.sharedCases': defineMethod(
    z.strictObject({}),
    z.object({
      cases: z.array(z.object({ caseId: caseIdSchema, documents: z.number().int() })),
    }),
  ),
  'team.readCase': defineMethod(z.strictObject({ caseId: caseIdSchema }), sharedCaseSchema),
  /** A team admin sets all of a member's roles at once (a signed roster entry). */
  'team.setRoles': defineMethod(
    z.strictObject({
      member: memberNameSchema,
      roles: z.array(teamRoleSchema).max(teamRoles.length),
    }),
    teamViewSchema,
  ),
  /** Assigns a shared case to a current member, or to nobody: an entry on the trail. */
  'team.assignCase': defineMethod(
    z.strictObject({ caseId: caseIdSchema, member: memberNameSchema.nullable() }),
    writtenEntrySchema,
  ),
  /**
   * Asks for a second review before closing a shared case with `outcome`, naming every other
   * reviewer. Refused when no review is needed, or when nobody else holds the reviewer role.
   */
  'team.requestReview': defineMethod(
    z.strictObject({ caseId: caseIdSchema, outcome: caseOutcomeSchema, reason: reasonSchema }),
    writtenEntrySchema,
    { maxInputBytes: reasonInputBytes },
  ),
  /**
   * A reviewer approves the close request the case waits on (`request`, its entry id), the case as
   * it stands on this desk. Refused, in the rule's words, for one's own request, without the
   * reviewer role, or when the request no longer waits.
   */
  'team.approve': defineMethod(
    z.strictObject({ caseId: caseIdSchema, request: entryIdSchema }),
    writtenEntrySchema,
  ),
  /** A reviewer sends the close request the case waits on back, saying why. */
  'team.sendBack': defineMethod(
    z.strictObject({ caseId: caseIdSchema, request: entryIdSchema, reason: reasonSchema }),
    writtenEntrySchema,
    { maxInputBytes: reasonInputBytes },
  ),
  /**
   * The open shared cases waiting for this member's review, assigned to them, and unassigned:
   * counts and case ids, cheap enough to ask every few seconds.
   */
  'team.reviewQueue': defineMethod(z.strictObject({}), reviewQueueSchema),
}
