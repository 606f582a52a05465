import { z } from 'zod'
import { sawTeamEntry } from './teamChains'
import { idOfTeamEntry, memberNameSchema, type TeamEntry } from './teamEntry'
import type { TeamRoster } from './teamRoster'

/**
 * What a member may do in a team beyond writing cases: review another's close (four eyes) and run
 * the roster. One member may hold several roles.
 */
export const teamRoles = ['investigator', 'reviewer', 'team-admin'] as const
export const teamRoleSchema = z.enum(teamRoles)
export type TeamRole = z.infer<typeof teamRoleSchema>

/** A team admin sets a member's roles, all of them at once: what it does not list, they lose. */
export const memberRolesSetAction = 'member-roles-set'

export const memberRolesSchema = z.object({
  member: memberNameSchema,
  roles: z.array(teamRoleSchema).max(teamRoles.length),
})
export type MemberRolesChange = z.infer<typeof memberRolesSchema>

/**
 * A member nobody has set roles for investigates: teams that joined before roles existed keep
 * working, and nobody reviews until an admin says so.
 */
export const defaultTeamRoles: readonly TeamRole[] = ['investigator']

/** One setting of a member's roles, as the roster's replay came to it. */
export interface MemberRolesSet {
  /** What the member holds from this entry on. */
  roles: TeamRole[]
  /** The admin who set them. */
  by: string
  entryId: string
  /** Where it stands among the roster's entries: its place in the replay. */
  order: number
  /** When the admin set them, by the admin's clock: how entries of a case are placed against it. */
  at: string
  /**
   * The entries of admins who set this member's roles without knowing of each other, when they
   * said different things: until an admin who saw them all sets the roles again, the member holds
   * only what all of them gave. Empty when nothing is contested.
   */
  contested: string[]
}

/** Roles in one fixed order, each once, so two settings of the same roles compare equal. */
const inOrder = (roles: Iterable<TeamRole>): TeamRole[] => {
  const held = new Set(roles)
  return teamRoles.filter((role) => held.has(role))
}

const sameRoles = (a: readonly TeamRole[], b: readonly TeamRole[]): boolean =>
  inOrder(a).join() === inOrder(b).join()

/**
 * What a member holds at `at` (a time as entries write it), or as the roster stands when `at` is
 * left out: the last setting of their roles made by then, `team-admin` always for the admins the
 * server's configuration names, and nothing at all once they are removed. The roster and a case
 * keep separate clocks, so a case's entry is placed against the roster by the times written down,
 * as removals are (see trustTeamEntries).
 */
export function rolesAt(roster: TeamRoster, member: string, at?: string): TeamRole[] {
  const time = at === undefined ? Number.POSITIVE_INFINITY : Date.parse(at)
  const removal = roster.removed.get(member)
  if (removal && time >= Date.parse(removal.at)) return []
  let roles: readonly TeamRole[] = defaultTeamRoles
  for (const set of roster.roles.get(member) ?? []) {
    if (Date.parse(set.at) <= time) roles = set.roles
  }
  return inOrder(roster.admins.includes(member) ? [...roles, 'team-admin'] : roles)
}

export const holdsRole = (
  roster: TeamRoster,
  member: string,
  role: TeamRole,
  at?: string,
): boolean => rolesAt(roster, member, at).includes(role)

/** The members holding `role` as the roster stands: whom the app may ask for a review. */
export const membersHolding = (roster: TeamRoster, role: TeamRole): string[] =>
  [...roster.members.keys()].filter((member) => holdsRole(roster, member, role)).sort()

/**
 * By member, the settings of their roles no later setting answered (an entry answers what it saw):
 * what the roster's replay keeps beside the roster while it runs.
 */
export type StandingRoles = Map<string, Array<{ entry: TeamEntry; roles: TeamRole[] }>>

/**
 * Records an admin's setting of a member's roles (the roster's replay has checked it may). Two
 * admins who set one member's roles without knowing of each other are both kept; the member holds
 * what both gave, never the wider grant of whichever sorts last.
 */
export function setMemberRoles(
  roster: TeamRoster,
  standing: StandingRoles,
  entry: TeamEntry,
  change: MemberRolesChange,
  place: { entryId: string; order: number },
): void {
  const sides = [
    ...(standing.get(change.member) ?? []).filter((side) => !sawTeamEntry(entry, side.entry)),
    { entry, roles: inOrder(change.roles) },
  ]
  standing.set(change.member, sides)
  const roles = sides.reduce<TeamRole[]>(
    (common, side) => common.filter((role) => side.roles.includes(role)),
    [...teamRoles],
  )
  const contested = sides.some((side) => !sameRoles(side.roles, sides[0]?.roles ?? []))
  const sets = roster.roles.get(change.member) ?? []
  sets.push({
    roles,
    by: entry.member,
    entryId: place.entryId,
    order: place.order,
    at: entry.at,
    contested: contested ? sides.map((side) => idOfTeamEntry(side.entry)) : [],
  })
  roster.roles.set(change.member, sets)
}
