import { join } from 'node:path'
import type { TeamJoin, TeamSync, TeamView } from '../../../shared/bridge/teamContract'
import type { TeamChange } from '../../../shared/team/nextTeamEntry'
import { idOfTeamEntry, type TeamEntry, type TeamScope } from '../../../shared/team/teamEntry'
import { rolesAt, type TeamRole } from '../../../shared/team/teamRoles'
import type { TeamRoster, TeamRosterReplay } from '../../../shared/team/teamRoster'
import { setAsideSentences } from '../../../shared/team/teamSetAside'
import { trustTeamEntries, type TeamTrust } from '../../../shared/team/teamTrust'
import type { IdentityService } from '../identity/identityService'
import type { SecretKeyStore } from '../keys/secretKeyStore'
import type { SettingsStore } from '../settings/settingsStore'
import { openLocalTeamDatabase, openRemoteTeamDatabase, type TeamDatabase } from './teamDatabase'
import { notJoined, refused } from './teamRefusal'
import { startTeamReplication } from './teamReplication'
import { createTeamRosterAdmin } from './teamRosterAdmin'
import { createTeamRosterReader } from './teamRosterReader'
import { idsStartingWith, scopeHeld, scopePrefix } from './teamScopeDocuments'
import { arrivingSignatureCheck } from './teamSignatureCheck'
import { checkTeamSignIn } from './teamSignIn'
import { teamConnectionGate } from './teamConnectionGate'
import {
  createTeamWriter,
  deskDevice,
  pinOf,
  type TeamWriteOptions,
  type TeamWriteTarget,
} from './teamWriter'

type TeamJoinParsed = { [K in keyof TeamJoin]: string }

export interface TeamService {
  /** Resumes replication from its checkpoints when this desk is in a team (at start). */
  start(): Promise<void>
  view(): Promise<TeamView>
  join(credentials: TeamJoinParsed): Promise<TeamView>
  leave(): Promise<TeamView>
  /**
   * A team admin removes a member: a signed roster entry after which no desk applies the member's
   * entries. Their user must also be removed on the server, which only its admin can do.
   */
  removeMember(member: string, reason: string): Promise<TeamView>
  /** A team admin sets all of a member's roles at once, in a signed roster entry. */
  setRoles(member: string, roles: readonly TeamRole[]): Promise<TeamView>
  /** The member this desk writes as; null when it is in no team. */
  member(): string | null
  /**
   * Signs one change of this desk into a scope and keeps it; replication sends it. Files go as
   * attachments, each pinned by its SHA-256 in the signed entry. `vet` sees the entry as it will
   * be written, after the entries it saw and before any other of this desk in the scope; what it
   * throws keeps the entry unwritten.
   */
  write(scope: TeamScope, change: TeamChange, options?: TeamWriteOptions): Promise<TeamEntry>
  /** How many documents this desk holds of each shared case, by case id. */
  caseScopes(): Promise<Map<string, number>>
  /**
   * How many documents this desk holds of one scope (a shared case, as `caseScopes` counts them,
   * or the roster).
   */
  scopeDocuments(scope: TeamScope): Promise<number>
  /** An attachment's bytes, only when they are what the entry's author signed. */
  attachment(entry: TeamEntry, name: string): Promise<Uint8Array | null>
  /**
   * What this desk holds of a case, judged against the roster (given with it): what counts and
   * what not.
   */
  scope(scope: TeamScope): Promise<TeamTrust & { roster: TeamRoster }>
  /** The roster as this desk replays it, with the entries that count. */
  roster(): Promise<TeamRosterReplay>
  close(): Promise<void>
}

export interface TeamServiceOptions {
  dataDir: string
  settings: SettingsStore
  keys: SecretKeyStore
  identity: IdentityService
  openLocal?: (folder: string) => TeamDatabase
  openRemote?: typeof openRemoteTeamDatabase
  fetchImpl?: typeof fetch
  now?: () => Date
}

interface Connection extends TeamWriteTarget {
  /** Why replication is not running, when it is not. */
  problem: string | null
}

/**
 * How long a quit waits for the team calls under way: one may wait on the OS keychain (an unlock
 * prompt nobody answers). A leave waits for them all, as it must not lose a write.
 */
const quitWaitsAtMostMs = 5_000

/**
 * This desk's membership of a team: its copy of the team database (in the data folder), live
 * replication with the server under the member's name (password in the key store only), and the
 * one place where this desk's entries are signed. The renderer never sees the password, the
 * private key or the server's raw documents: only what the roster lets count.
 */
export function createTeamService({
  dataDir,
  settings,
  keys,
  identity,
  openLocal = openLocalTeamDatabase,
  openRemote = openRemoteTeamDatabase,
  fetchImpl,
  now = () => new Date(),
}: TeamServiceOptions): TeamService {
  const { verify, checkArriving } = arrivingSignatureCheck()
  const gate = teamConnectionGate()
  const rosters = createTeamRosterReader(verify)
  const device = () => deskDevice(settings)

  /**
   * The one connection, opened by the first caller: callers arriving while it opens (start and
   * the page's first view come together) share it, rather than each opening the database and
   * starting a replication of its own, one of which nothing would ever stop.
   */
  let connecting: Promise<Connection> | null = null
  const open = async (
    membership: NonNullable<ReturnType<SettingsStore['read']>['team']>,
  ): Promise<Connection> => {
    const local = openLocal(join(dataDir, 'team', membership.database))
    const password = await keys.get('team-password').catch(() => null)
    const opened: Connection = { local, replication: null, problem: null, written: new Map() }
    if (password === null) {
      opened.problem =
        'Your team password is not in this computer’s keychain: leave the team and join again.'
      return opened
    }
    opened.replication = startTeamReplication({
      local,
      remote: openRemote(`${membership.serverUrl}/${membership.database}`, {
        username: membership.member,
        password,
      }),
      member: membership.member,
      device: await device(),
      onUpdate: () => undefined,
      onPulled: checkArriving,
      now,
    })
    return opened
  }

  const connect = async (): Promise<Connection | null> => {
    const membership = settings.read().team
    if (!membership) return null
    connecting ??= open(membership).catch((error: unknown) => {
      // Not kept: the next call tries again.
      connecting = null
      throw error
    })
    return connecting
  }

  const joined = async (): Promise<{ current: Connection; member: string }> => {
    const current = await connect()
    const membership = settings.read().team
    if (!current || !membership) throw notJoined()
    return { current, member: membership.member }
  }

  const write = createTeamWriter({
    joined,
    lastRoster: rosters.lastRead,
    identity,
    device,
    verify,
    now,
  })
  const admin = createTeamRosterAdmin({ joined, rosterOf: rosters.rosterOf, identity, write })

  const syncOf = (current: Connection): TeamSync =>
    current.replication?.status() ?? {
      state: 'refused',
      waiting: 0,
      offlineSince: null,
      lastInSyncAt: null,
      problem: current.problem,
    }

  const view = async (): Promise<TeamView> => {
    const current = await connect()
    const membership = settings.read().team
    if (!current || !membership) return { joined: false }
    const configured = await rosters.admins(current.local)
    const { roster, setAside } = await rosters.rosterOf(current.local)
    return {
      joined: true,
      ...membership,
      device: await device(),
      sync: syncOf(current),
      roster: [...roster.members.values()].map((member) => ({
        member: member.member,
        name: member.name,
        email: member.email,
        organisation: member.organisation,
        fingerprints: member.keys.map((key) => key.fingerprint),
        admin: configured.includes(member.member),
        removed: roster.removed.has(member.member),
        roles: rolesAt(roster, member.member),
        rolesContested: (roster.roles.get(member.member)?.at(-1)?.contested.length ?? 0) > 0,
      })),
      setAside: setAsideSentences(setAside),
    }
  }

  const disconnect = async (): Promise<void> => {
    const current = await connecting?.catch(() => null)
    connecting = null
    rosters.forget()
    await current?.replication?.stop()
    await current?.local.close()
  }

  const gatedView = gate.calls(view)

  return {
    start: gate.calls(async () => {
      await connect()
    }),
    view: gatedView,
    join: gate.calls(async (credentials: TeamJoinParsed) => {
      // Who signs goes on every entry the team sees: said before anything is asked of the server.
      await identity.signer()
      if (settings.read().team) {
        throw refused('This desk is already in a team: leave it before joining another.')
      }
      await checkTeamSignIn(credentials, fetchImpl)
      await keys.set('team-password', credentials.password)
      await device()
      await settings.update((current) => ({
        ...current,
        team: {
          serverUrl: credentials.serverUrl,
          database: credentials.database,
          member: credentials.member,
          joinedAt: now().toISOString(),
        },
      }))
      const joined = await connect()
      if (joined) await admin.publishKey(joined.local, credentials.member)
      return view()
    }),
    removeMember: gate.calls(async (member: string, reason: string) => {
      await admin.removeMember(member, reason)
      return view()
    }),
    setRoles: gate.calls(async (member: string, roles: readonly TeamRole[]) => {
      await admin.setRoles(member, roles)
      return view()
    }),
    member: () => settings.read().team?.member ?? null,
    leave: async () => {
      await gate.ends(async () => {
        await disconnect()
        await keys.delete('team-password').catch(() => undefined)
        await settings.update(({ team: _left, ...rest }) => rest)
      })
      return gatedView()
    },
    write: gate.calls(write),
    caseScopes: gate.calls(async () => {
      const current = await connect()
      const counts = new Map<string, number>()
      if (!current) return counts
      const { rows } = await current.local.allDocs(idsStartingWith('entry:case_'))
      for (const { id } of rows) {
        const scope = id.split(':')[1]!
        counts.set(scope, (counts.get(scope) ?? 0) + 1)
      }
      return counts
    }),
    scopeDocuments: gate.calls(async (scope: TeamScope) => {
      const current = await connect()
      if (!current) return 0
      const { rows } = await current.local.allDocs(idsStartingWith(scopePrefix(scope)))
      return rows.length
    }),
    attachment: gate.calls(async (entry: TeamEntry, name: string) => {
      const current = await connect()
      const pinned = entry.attachments?.[name]
      if (!current || !pinned) return null
      const document = await current.local
        .get(idOfTeamEntry(entry), { conflicts: true, attachments: true, binary: true })
        .catch(() => null)
      // Bytes of an entry held in two versions, or of another entry than this one, are not its.
      if (document?.hash !== entry.hash || (document._conflicts ?? []).length > 0) return null
      const data = (document._attachments as Record<string, { data?: unknown }> | undefined)?.[name]
        ?.data
      if (!(data instanceof Uint8Array)) return null
      // Bytes that are not what the author signed are as good as missing.
      return pinOf(data) === pinned ? new Uint8Array(data) : null
    }),
    scope: gate.calls(async (scope: TeamScope) => {
      const { current } = await joined()
      const { roster } = await rosters.rosterOf(current.local)
      return {
        ...trustTeamEntries(scope, await scopeHeld(current.local, scope), roster, verify),
        roster,
      }
    }),
    roster: gate.calls(async () => rosters.rosterOf((await joined()).current.local)),
    close: () => gate.ends(disconnect, { waitAtMostMs: quitWaitsAtMostMs }),
  }
}
