import { z } from 'zod'
import { fingerprintSchema } from '../identity/investigator'
import { deviceIdSchema, memberNameSchema } from '../team/teamEntry'
import { teamDatabaseNameSchema } from '../team/teamConfig'
import { teamServerUrlSchema } from '../team/teamServerAddress'
import { defineMethod } from './defineMethod'

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
  admin: z.boolean(),
  removed: z.boolean(),
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

export const teamContract = {
  'team.view': defineMethod(z.strictObject({}), teamViewSchema),
  /**
   * Checks the name and password with the server, keeps the password in the key store (never
   * returned), publishes this desk's public key in the roster and starts replicating.
   */
  'team.join': defineMethod(teamJoinSchema, teamViewSchema, { reachesService: false }),
  /** Stops replicating and forgets the password; every entry already here stays. */
  'team.leave': defineMethod(z.strictObject({}), teamViewSchema),
}
