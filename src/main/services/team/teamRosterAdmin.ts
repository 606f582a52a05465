import { rosterScope } from '../../../shared/team/teamEntry'
import {
  holdsRole,
  memberRolesSetAction,
  rolesAt,
  type TeamRole,
} from '../../../shared/team/teamRoles'
import {
  memberKeyPublishedAction,
  memberRemovedAction,
  type TeamRoster,
  type TeamRosterReplay,
} from '../../../shared/team/teamRoster'
import type { IdentityService } from '../identity/identityService'
import type { TeamDatabase } from './teamDatabase'
import { refused } from './teamRefusal'
import type { TeamWrite } from './teamWriter'

export interface TeamRosterAdmin {
  /** The desk's key in the roster, published once per key by the member it belongs to. */
  publishKey(local: TeamDatabase, member: string): Promise<void>
  removeMember(member: string, reason: string): Promise<void>
  setRoles(member: string, roles: readonly TeamRole[]): Promise<void>
}

export interface TeamRosterAdminOptions {
  /** This desk's team database and member; throws when the desk is in no team. */
  joined: () => Promise<{ current: { local: TeamDatabase }; member: string }>
  rosterOf: (local: TeamDatabase) => Promise<TeamRosterReplay>
  identity: Pick<IdentityService, 'signer'>
  write: TeamWrite
}

/** The roster entries this desk writes: its member's key, and a team admin's removals and roles. */
export function createTeamRosterAdmin({
  joined,
  rosterOf,
  identity,
  write,
}: TeamRosterAdminOptions): TeamRosterAdmin {
  /** The roster as it stands, once this desk's member is known to hold `team-admin` in it. */
  const asTeamAdmin = async (toDo: string): Promise<{ me: string; roster: TeamRoster }> => {
    const { current, member } = await joined()
    const { roster } = await rosterOf(current.local)
    if (!holdsRole(roster, member, 'team-admin')) {
      throw refused(`Only a team admin can ${toDo}: ask one of your team admins.`)
    }
    return { me: member, roster }
  }

  return {
    publishKey: async (local, member) => {
      const { signer } = await identity.signer()
      const { roster } = await rosterOf(local)
      if (roster.keyOwners.get(signer.publicKey) === member) return
      await write(rosterScope, {
        action: memberKeyPublishedAction,
        summary: `${signer.name} published the key ${signer.fingerprint} for ${member}`,
        before: null,
        after: {
          member,
          publicKey: signer.publicKey,
          name: signer.name,
          email: signer.email,
          organisation: signer.organisation,
        },
      })
    },
    removeMember: async (member, reason) => {
      const { me, roster } = await asTeamAdmin('remove a member')
      if (member === me) {
        throw refused('You cannot remove yourself: ask another team admin, or leave the team.')
      }
      if (!roster.members.has(member)) {
        throw refused(`“${member}” is not in the team’s roster: nothing was changed.`)
      }
      // The roster would set such a removal aside on every desk: said here instead.
      if (roster.admins.includes(member) && !roster.admins.includes(me)) {
        throw refused(
          `“${member}” is a team admin by the server’s configuration: only another such admin can remove them.`,
        )
      }
      if (!roster.removed.has(member)) {
        await write(rosterScope, {
          action: memberRemovedAction,
          summary: `${me} removed ${member} from the team`,
          before: null,
          after: { member, reason },
        })
      }
    },
    setRoles: async (member, roles) => {
      const { me, roster } = await asTeamAdmin('set a member’s roles')
      const known = roster.members.get(member)
      if (!known || roster.removed.has(member)) {
        throw refused(
          `“${member}” is not a member of the team${known ? ' any more' : ''}: nothing was changed.`,
        )
      }
      // A roster-made admin who dropped their own role could leave the team with nobody to run it.
      if (member === me && !roles.includes('team-admin') && !roster.admins.includes(me)) {
        throw refused(
          'You cannot take the team-admin role from yourself: ask another team admin to.',
        )
      }
      const held = [...new Set(roles)]
      await write(rosterScope, {
        action: memberRolesSetAction,
        summary: `${me} set the roles of ${known.name} (${member}): ${held.join(', ') || 'none'}`,
        before: { member, roles: rolesAt(roster, member) },
        after: { member, roles: held },
      })
    },
  }
}
