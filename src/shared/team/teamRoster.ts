import { z } from 'zod'
import { investigatorSchema, keyFingerprint, publicKeyHexSchema } from '../identity/investigator'
import { vetTeamDocuments } from './teamChains'
import {
  memberNameSchema,
  rosterScope,
  idOfTeamEntry,
  type SignatureCheck,
  type TeamEntry,
} from './teamEntry'
import {
  holdsRole,
  memberRolesSchema,
  memberRolesSetAction,
  setMemberRoles,
  type MemberRolesSet,
  type StandingRoles,
} from './teamRoles'
import { bySetAsideId, type SetAsideEntry } from './teamSetAside'

/** A member publishes the key of one of their desks themself; one per desk, several per member. */
export const memberKeyPublishedAction = 'member-key-published'
/** A team admin removes a member: none of the member's later entries count. */
export const memberRemovedAction = 'member-removed'

export const publishedKeySchema = investigatorSchema.extend({
  member: memberNameSchema,
  publicKey: publicKeyHexSchema,
})
export type PublishedKey = z.infer<typeof publishedKeySchema>

export const memberRemovalSchema = z.object({
  member: memberNameSchema,
  reason: z.string().trim().min(1, 'is required').max(2000),
})
export type MemberRemovalChange = z.infer<typeof memberRemovalSchema>

export interface MemberKey {
  publicKey: string
  fingerprint: string
  /** The desk that published it. */
  device: string
  entryId: string
  at: string
}

export interface TeamMember {
  member: string
  /** As the member last published them. */
  name: string
  email: string
  organisation: string
  keys: MemberKey[]
}

export interface MemberRemoval {
  member: string
  reason: string
  /** The admin who removed them. */
  by: string
  entryId: string
  /** Where the removal stands among the roster's entries: its clock, and its place in the replay. */
  clock: number
  order: number
  /** When the admin removed them, by the admin's clock: how entries of other scopes are placed. */
  at: string
}

export interface TeamRoster {
  /** Everyone who published a key, removed members too: their earlier entries still count. */
  members: Map<string, TeamMember>
  removed: Map<string, MemberRemoval>
  /** Who each published key speaks for. */
  keyOwners: Map<string, string>
  /** The team admins the server's configuration names: no roster entry takes the role from them. */
  admins: string[]
  /** Each setting of a member's roles, in the roster's order (see `rolesAt` in teamRoles). */
  roles: Map<string, MemberRolesSet[]>
}

export interface TeamRosterReplay {
  roster: TeamRoster
  /** The roster's entries that counted, in their order. */
  applied: TeamEntry[]
  setAside: SetAsideEntry[]
}

/**
 * The team's roster from the roster scope's documents, whatever they hold, replayed in the scope's
 * one order. A key counts for the member who published it with that very key (the server lets
 * only the logged-in member write as themself), and never for a second member; a removal or a
 * setting of roles counts when signed by a key of a team admin not removed before it: one the
 * team's configuration names (`admins`), or one the roster has given `team-admin` by then (who may
 * not remove one the configuration names); a removed member's later roster entries do not count.
 */
export function replayTeamRoster(
  documents: readonly unknown[],
  admins: readonly string[],
  verify?: SignatureCheck,
): TeamRosterReplay {
  const { chained, setAside } = vetTeamDocuments(rosterScope, documents, verify)
  const roster: TeamRoster = {
    members: new Map(),
    removed: new Map(),
    keyOwners: new Map(),
    admins: [...admins],
    roles: new Map(),
  }
  const standingRoles: StandingRoles = new Map()
  const applied: TeamEntry[] = []
  for (const [order, entry] of chained.entries()) {
    const id = idOfTeamEntry(entry)
    const refusal = refusalOf(roster, entry)
    if (refusal) {
      setAside.push({ kind: refusal.kind, id, problem: `${id} ${refusal.problem}`, entry })
      continue
    }
    applied.push(entry)
    if (entry.action === memberKeyPublishedAction) {
      publish(roster, publishedKeySchema.parse(entry.after), entry, id)
    } else if (entry.action === memberRolesSetAction) {
      const change = memberRolesSchema.parse(entry.after)
      setMemberRoles(roster, standingRoles, entry, change, { entryId: id, order })
    } else {
      const removal = memberRemovalSchema.parse(entry.after)
      if (!roster.removed.has(removal.member)) {
        roster.removed.set(removal.member, {
          ...removal,
          by: entry.member,
          entryId: id,
          clock: entry.clock,
          order,
          at: entry.at,
        })
      }
    }
  }
  return { roster, applied, setAside: setAside.sort(bySetAsideId) }
}

type Refusal = { kind: SetAsideEntry['kind']; problem: string }

/** Why the roster as it stands refuses this entry, or null when it counts. */
function refusalOf(roster: TeamRoster, entry: TeamEntry): Refusal | null {
  if (roster.removed.has(entry.member)) {
    return { kind: 'removed-member', problem: `was written after ${entry.member} was removed` }
  }
  if (entry.action === memberKeyPublishedAction) {
    const published = publishedKeySchema.safeParse(entry.after)
    if (!published.success) return { kind: 'not-allowed', problem: 'does not hold a key' }
    const { member, publicKey } = published.data
    if (member !== entry.member || publicKey !== entry.publicKey) {
      return { kind: 'not-allowed', problem: 'publishes a key other than its own signer’s' }
    }
    const owner = roster.keyOwners.get(publicKey)
    if (owner !== undefined && owner !== member) {
      return { kind: 'not-allowed', problem: `publishes a key ${owner} published before` }
    }
    return null
  }
  if (entry.action === memberRemovedAction || entry.action === memberRolesSetAction) {
    if (roster.keyOwners.get(entry.publicKey) !== entry.member) {
      return { kind: 'unknown-key', problem: `is signed by a key not published by ${entry.member}` }
    }
    if (!holdsRole(roster, entry.member, 'team-admin')) {
      return { kind: 'not-allowed', problem: `is signed by ${entry.member}, not a team admin` }
    }
  }
  if (entry.action === memberRemovedAction) {
    const removal = memberRemovalSchema.safeParse(entry.after)
    if (!removal.success) {
      return { kind: 'not-allowed', problem: 'does not say whom it removes and why' }
    }
    // The server's admins chose them: an admin the roster made cannot lock them out.
    if (roster.admins.includes(removal.data.member) && !roster.admins.includes(entry.member)) {
      return {
        kind: 'not-allowed',
        problem: `removes ${removal.data.member}, an admin by the server's configuration, which only another such admin may do`,
      }
    }
    return null
  }
  if (entry.action === memberRolesSetAction) {
    if (!memberRolesSchema.safeParse(entry.after).success) {
      return { kind: 'not-allowed', problem: 'does not say whose roles it sets and which' }
    }
    return null
  }
  return {
    kind: 'not-allowed',
    problem: `has an action the roster does not know (${entry.action})`,
  }
}

function publish(roster: TeamRoster, published: PublishedKey, entry: TeamEntry, id: string): void {
  const { member, publicKey, name, email, organisation } = published
  const keys = roster.members.get(member)?.keys ?? []
  if (!roster.keyOwners.has(publicKey)) {
    roster.keyOwners.set(publicKey, member)
    keys.push({
      publicKey,
      fingerprint: keyFingerprint(publicKey),
      device: entry.device,
      entryId: id,
      at: entry.at,
    })
  }
  roster.members.set(member, { member, name, email, organisation, keys })
}
