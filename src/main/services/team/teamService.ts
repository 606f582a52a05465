import { randomBytes } from 'node:crypto'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { join } from 'node:path'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import type { TeamJoin, TeamSync, TeamView } from '../../../shared/bridge/teamContract'
import { actorOfSigner } from '../../../shared/identity/investigator'
import {
  teamScopeHeads,
  type TeamChange,
  type TeamScopeHeads,
} from '../../../shared/team/nextTeamEntry'
import { rememberingSignatureCheck } from '../../../shared/team/teamChains'
import { teamConfigId, teamConfigSchema } from '../../../shared/team/teamConfig'
import {
  checkTeamEntry,
  rosterScope,
  signTeamEntry,
  teamEntryDocument,
  idOfTeamEntry,
  type TeamEntry,
  type TeamScope,
} from '../../../shared/team/teamEntry'
import {
  holdsRole,
  memberRolesSetAction,
  rolesAt,
  type TeamRole,
} from '../../../shared/team/teamRoles'
import {
  memberKeyPublishedAction,
  memberRemovedAction,
  replayTeamRoster,
  type TeamRoster,
  type TeamRosterReplay,
} from '../../../shared/team/teamRoster'
import { setAsideSentences } from '../../../shared/team/teamSetAside'
import { trustTeamEntries, type TeamTrust } from '../../../shared/team/teamTrust'
import type { IdentityService } from '../identity/identityService'
import type { SecretKeyStore } from '../keys/secretKeyStore'
import { ServiceError } from '../serviceError'
import type { SettingsStore } from '../settings/settingsStore'
import {
  openLocalTeamDatabase,
  openRemoteTeamDatabase,
  type StoredDocument,
  type TeamDatabase,
} from './teamDatabase'
import { startTeamReplication, type TeamReplication } from './teamReplication'
import { acceptedInBackground, nativeFirstSignatureCheck } from './teamSignatureCheck'
import { checkTeamSignIn } from './teamSignIn'

type TeamJoinParsed = { [K in keyof TeamJoin]: string }

/** Files an entry carries (a check's raw answer), by attachment name. */
export type TeamFiles = Record<string, { contentType: string; bytes: Uint8Array }>

const sha256Hex = (bytes: Uint8Array): string => bytesToHex(sha256(bytes))

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

export interface TeamWriteOptions {
  files?: TeamFiles
  at?: string
  vet?: (entry: TeamEntry) => Promise<void>
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

/** A scope as this desk writes into it: its heads, as of `since` in the local changes feed. */
interface ScopeWriting {
  heads: TeamScopeHeads
  since: number | string
}

interface Connection {
  local: TeamDatabase
  replication: TeamReplication | null
  /** Why replication is not running, when it is not. */
  problem: string | null
  /** Scopes written into since connecting, kept so a write reads only what changed since. */
  written: Map<TeamScope, ScopeWriting>
}

const scopePrefix = (scope: TeamScope): string => `entry:${scope}:`

const scopeRange = (scope: TeamScope) => ({
  startkey: scopePrefix(scope),
  endkey: `${scopePrefix(scope)}\ufff0`,
  include_docs: true,
  conflicts: true,
})

/**
 * Every revision of these rows' documents, each winner with its `_conflicts`: an entry is never
 * changed, so one with two versions must be seen as such (`vetTeamDocuments`), never as
 * whichever version CouchDB happens to pick.
 */
async function everyVersion(
  local: TeamDatabase,
  rows: ReadonlyArray<{ id: string; doc?: StoredDocument }>,
): Promise<StoredDocument[]> {
  const versions = await Promise.all(
    rows.map(async ({ id, doc }) =>
      doc
        ? [doc, ...(await Promise.all((doc._conflicts ?? []).map((rev) => local.get(id, { rev }))))]
        : [],
    ),
  )
  return versions.flat()
}

const refuse = (message: string): ServiceError =>
  new ServiceError(bridgeErrorNames.validation, message, {
    status: 409,
    mayHaveReachedService: false,
  })

const notJoined = (): ServiceError =>
  new ServiceError(bridgeErrorNames.validation, 'This desk is not in a team: join one first.', {
    status: 409,
    mayHaveReachedService: false,
  })

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
  let connection: Connection | null = null
  /** Signatures of arrived entries already accepted off this thread, until a read asks for them. */
  const acceptedEarlier = new Set<string>()
  const signatureKey = (signature: string, message: Uint8Array, publicKey: string): string =>
    `${publicKey}:${bytesToHex(message)}:${signature}`
  const checkNow = nativeFirstSignatureCheck()
  const verify = rememberingSignatureCheck((signature, message, publicKey) => {
    const key = signatureKey(signature, message, publicKey)
    if (acceptedEarlier.delete(key)) return true
    return checkNow(signature, message, publicKey)
  })
  const writing = new Map<string, Promise<unknown>>()

  const device = async (): Promise<string> => {
    const kept = settings.read().device
    if (kept) return kept
    const made = randomBytes(16).toString('hex')
    await settings.update((current) => ({ ...current, device: made }))
    return made
  }

  /**
   * Checks the signatures of entries as they arrive, on Node's thread pool, so a read of their
   * case finds them accepted: a join checks while it waits for the server, and on another thread.
   */
  const checkArriving = (documents: readonly unknown[]): void => {
    for (const document of documents) {
      const { signature, hash, publicKey } = (document ?? {}) as Record<string, unknown>
      if (typeof signature !== 'string' || typeof publicKey !== 'string') continue
      if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) continue
      const message = hexToBytes(hash)
      void acceptedInBackground(signature, message, publicKey).then((accepted) => {
        if (accepted) acceptedEarlier.add(signatureKey(signature, message, publicKey))
      })
    }
  }

  const connect = async (): Promise<Connection | null> => {
    const membership = settings.read().team
    if (!membership) return null
    if (connection) return connection
    const local = openLocal(join(dataDir, 'team', membership.database))
    const password = await keys.get('team-password').catch(() => null)
    connection = { local, replication: null, problem: null, written: new Map() }
    if (password === null) {
      connection.problem =
        'Your team password is not in this computer’s keychain: leave the team and join again.'
      return connection
    }
    connection.replication = startTeamReplication({
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
    return connection
  }

  const held = async (local: TeamDatabase, scope: TeamScope): Promise<StoredDocument[]> =>
    everyVersion(local, (await local.allDocs(scopeRange(scope))).rows)

  /**
   * The scope's heads as the local database now holds it: read whole the first time, then only
   * the documents the changes feed shows since (replication brings entries in between writes).
   */
  const headsOf = async ({ local, written }: Connection, scope: TeamScope) => {
    const known = written.get(scope)
    let documents: StoredDocument[] = []
    let since: number | string
    if (known) {
      const changes = await local.changes({ since: known.since })
      const keys = changes.results
        .map(({ id }) => id)
        .filter((id) => id.startsWith(scopePrefix(scope)))
      if (keys.length > 0) {
        const { rows } = await local.allDocs({ keys, include_docs: true, conflicts: true })
        documents = await everyVersion(local, rows)
      }
      since = changes.last_seq
    } else {
      // Taken before the read: what lands meanwhile is read again next time, and counts once.
      since = (await local.info()).update_seq
      documents = await held(local, scope)
    }
    const heads = known?.heads ?? teamScopeHeads()
    for (const document of documents) {
      const check = checkTeamEntry(document, verify)
      if (check.ok) heads.add(check.entry)
    }
    written.set(scope, { heads, since })
    return heads
  }

  const admins = async (local: TeamDatabase): Promise<string[]> => {
    const config = teamConfigSchema.safeParse(await local.get(teamConfigId).catch(() => null))
    return config.success ? config.data.admins : []
  }

  /** The last roster replayed, with the admins and the revisions it was replayed from. */
  let lastRoster: { from: string; replay: ReturnType<typeof replayTeamRoster> } | null = null
  /**
   * The roster, replayed again only when its documents or admins changed: every read of a case
   * needs it, and a revision of an entry never changes.
   */
  const rosterOf = async (local: TeamDatabase) => {
    const documents = await held(local, rosterScope)
    const configured = await admins(local)
    const from = JSON.stringify([configured, documents.map(({ _id, _rev }) => [_id, _rev])])
    if (lastRoster?.from !== from) {
      lastRoster = { from, replay: replayTeamRoster(documents, configured, verify) }
    }
    return lastRoster.replay
  }

  const write = async (
    scope: TeamScope,
    change: TeamChange,
    { files = {}, at, vet }: TeamWriteOptions = {},
  ): Promise<TeamEntry> => {
    const current = await connect()
    const membership = settings.read().team
    if (!current || !membership) throw notJoined()
    // Every desk would set it aside: said here, before it looks written and then vanishes. The
    // roster as last read here (the page reads it every few seconds): reading it again on every
    // write would cost each write all the roster's documents.
    const roster = lastRoster?.replay ?? (await rosterOf(current.local))
    if (roster.roster.removed.has(membership.member)) {
      throw refuse(
        `A team admin removed you (“${membership.member}”) from the team, so no desk applies what you write now: nothing was written. Everything on this computer stays; ask your team admin if this is a mistake.`,
      )
    }
    const { signer, key } = await identity.signer()
    const writer = {
      scope,
      device: await device(),
      member: membership.member,
      author: actorOfSigner(signer),
      publicKey: signer.publicKey,
    }
    // One writer per scope at a time: each entry must chain to the one written just before it.
    const previous = writing.get(scope) ?? Promise.resolve()
    const next = previous.then(async () => {
      const heads = await headsOf(current, scope)
      const names = Object.keys(files)
      const pinned: TeamChange =
        names.length === 0
          ? change
          : {
              ...change,
              attachments: Object.fromEntries(
                names.map((name) => [name, sha256Hex(files[name]!.bytes)]),
              ),
            }
      const entry = signTeamEntry(
        heads.next(writer, pinned, at ?? now().toISOString()),
        (message) => key.sign(message),
      )
      await vet?.(entry)
      await current.local.put({
        ...teamEntryDocument(entry),
        ...(names.length > 0
          ? {
              _attachments: Object.fromEntries(
                names.map((name) => [
                  name,
                  {
                    content_type: files[name]!.contentType,
                    data: Buffer.from(files[name]!.bytes),
                  },
                ]),
              ),
            }
          : {}),
      })
      await current.replication?.refresh()
      return entry
    })
    writing.set(
      scope,
      next.catch(() => undefined),
    )
    return next
  }

  /** The desk's key in the roster, published once per key by the member it belongs to. */
  const publishKey = async (local: TeamDatabase, member: string): Promise<void> => {
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
  }

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
    const configured = await admins(current.local)
    const { roster, setAside } = await rosterOf(current.local)
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

  /** The roster as it stands, once this desk's member is known to hold `team-admin` in it. */
  const asTeamAdmin = async (toDo: string): Promise<{ me: string; roster: TeamRoster }> => {
    const current = await connect()
    const membership = settings.read().team
    if (!current || !membership) throw notJoined()
    const { roster } = await rosterOf(current.local)
    if (!holdsRole(roster, membership.member, 'team-admin')) {
      throw refuse(`Only a team admin can ${toDo}: ask one of your team admins.`)
    }
    return { me: membership.member, roster }
  }

  const disconnect = async (): Promise<void> => {
    const current = connection
    connection = null
    lastRoster = null
    await current?.replication?.stop()
    await current?.local.close()
  }

  return {
    start: async () => {
      await connect()
    },
    view,
    join: async (credentials) => {
      // Who signs goes on every entry the team sees: said before anything is asked of the server.
      await identity.signer()
      if (settings.read().team) {
        throw new ServiceError(
          bridgeErrorNames.validation,
          'This desk is already in a team: leave it before joining another.',
          { status: 409, mayHaveReachedService: false },
        )
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
      if (joined) await publishKey(joined.local, credentials.member)
      return view()
    },
    removeMember: async (member, reason) => {
      const { me, roster } = await asTeamAdmin('remove a member')
      if (member === me) {
        throw refuse('You cannot remove yourself: ask another team admin, or leave the team.')
      }
      if (!roster.members.has(member)) {
        throw refuse(`“${member}” is not in the team’s roster: nothing was changed.`)
      }
      // The roster would set such a removal aside on every desk: said here instead.
      if (roster.admins.includes(member) && !roster.admins.includes(me)) {
        throw refuse(
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
      return view()
    },
    setRoles: async (member, roles) => {
      const { me, roster } = await asTeamAdmin('set a member’s roles')
      const known = roster.members.get(member)
      if (!known || roster.removed.has(member)) {
        throw refuse(
          `“${member}” is not a member of the team${known ? ' any more' : ''}: nothing was changed.`,
        )
      }
      // A roster-made admin who dropped their own role could leave the team with nobody to run it.
      if (member === me && !roles.includes('team-admin') && !roster.admins.includes(me)) {
        throw refuse(
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
      return view()
    },
    member: () => settings.read().team?.member ?? null,
    leave: async () => {
      await disconnect()
      await keys.delete('team-password').catch(() => undefined)
      await settings.update(({ team: _left, ...rest }) => rest)
      return view()
    },
    write,
    caseScopes: async () => {
      const current = await connect()
      const counts = new Map<string, number>()
      if (!current) return counts
      const { rows } = await current.local.allDocs({
        startkey: 'entry:case_',
        endkey: 'entry:case_\ufff0',
      })
      for (const { id } of rows) {
        const scope = id.split(':')[1]!
        counts.set(scope, (counts.get(scope) ?? 0) + 1)
      }
      return counts
    },
    scopeDocuments: async (scope) => {
      const current = await connect()
      if (!current) return 0
      const prefix = scopePrefix(scope)
      const { rows } = await current.local.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` })
      return rows.length
    },
    attachment: async (entry, name) => {
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
      return sha256Hex(data) === pinned ? new Uint8Array(data) : null
    },
    scope: async (scope) => {
      const current = await connect()
      if (!current) throw notJoined()
      const { roster } = await rosterOf(current.local)
      return {
        ...trustTeamEntries(scope, await held(current.local, scope), roster, verify),
        roster,
      }
    },
    roster: async () => {
      const current = await connect()
      if (!current) throw notJoined()
      return rosterOf(current.local)
    },
    close: disconnect,
  }
}
