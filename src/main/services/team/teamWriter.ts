import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { randomBytes } from 'node:crypto'
import { actorOfSigner } from '../../../shared/identity/investigator'
import {
  teamScopeHeads,
  type TeamChange,
  type TeamScopeHeads,
} from '../../../shared/team/nextTeamEntry'
import {
  checkTeamEntry,
  signTeamEntry,
  teamEntryDocument,
  type SignatureCheck,
  type TeamEntry,
  type TeamScope,
} from '../../../shared/team/teamEntry'
import type { TeamRosterReplay } from '../../../shared/team/teamRoster'
import type { IdentityService } from '../identity/identityService'
import type { SettingsStore } from '../settings/settingsStore'
import type { StoredDocument, TeamDatabase } from './teamDatabase'
import { refused } from './teamRefusal'
import type { TeamReplication } from './teamReplication'
import { everyVersion, scopeHeld, scopePrefix } from './teamScopeDocuments'

/** Files an entry carries (a check's raw answer), by attachment name. */
export type TeamFiles = Record<string, { contentType: string; bytes: Uint8Array }>

export interface TeamWriteOptions {
  files?: TeamFiles
  at?: string
  vet?: (entry: TeamEntry) => Promise<void>
}

export type TeamWrite = (
  scope: TeamScope,
  change: TeamChange,
  options?: TeamWriteOptions,
) => Promise<TeamEntry>

/** A scope as this desk writes into it: its heads, as of `since` in the local changes feed. */
interface ScopeWriting {
  heads: TeamScopeHeads
  since: number | string
}

/** What a write needs of this desk's connection to its team database. */
export interface TeamWriteTarget {
  local: TeamDatabase
  replication: TeamReplication | null
  /** Scopes written into since connecting, kept so a write reads only what changed since. */
  written: Map<TeamScope, ScopeWriting>
}

/** How an entry pins a file it carries: the file's SHA-256, in hex. */
export const pinOf = (bytes: Uint8Array): string => bytesToHex(sha256(bytes))

/** The device this desk's entries are chained on: made once, then kept in the settings. */
export async function deskDevice(settings: SettingsStore): Promise<string> {
  const kept = settings.read().device
  if (kept) return kept
  const made = randomBytes(16).toString('hex')
  await settings.update((current) => ({ ...current, device: made }))
  return made
}

export interface TeamWriterOptions {
  /** This desk's connection and member; throws when the desk is in no team. */
  joined: () => Promise<{ current: TeamWriteTarget; member: string }>
  /** The roster as last read here. */
  lastRoster: (local: TeamDatabase) => Promise<TeamRosterReplay>
  identity: Pick<IdentityService, 'signer'>
  device: () => Promise<string>
  verify: SignatureCheck
  now: () => Date
}

/** The one place where this desk's entries are signed, chained and kept. */
export function createTeamWriter({
  joined,
  lastRoster,
  identity,
  device,
  verify,
  now,
}: TeamWriterOptions): TeamWrite {
  const writing = new Map<string, Promise<unknown>>()

  /**
   * The scope's heads as the local database now holds it: read whole the first time, then only
   * the documents the changes feed shows since (replication brings entries in between writes).
   */
  const headsOf = async ({ local, written }: TeamWriteTarget, scope: TeamScope) => {
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
      documents = await scopeHeld(local, scope)
    }
    const heads = known?.heads ?? teamScopeHeads()
    for (const document of documents) {
      const check = checkTeamEntry(document, verify)
      if (check.ok) heads.add(check.entry)
    }
    written.set(scope, { heads, since })
    return heads
  }

  return async (scope, change, { files = {}, at, vet } = {}) => {
    const { current, member } = await joined()
    // Every desk would set it aside: said here, before it looks written and then vanishes. The
    // roster as last read here (the page reads it every few seconds): reading it again on every
    // write would cost each write all the roster's documents.
    const { roster } = await lastRoster(current.local)
    if (roster.removed.has(member)) {
      throw refused(
        `A team admin removed you (“${member}”) from the team, so no desk applies what you write now: nothing was written. Everything on this computer stays; ask your team admin if this is a mistake.`,
      )
    }
    const { signer, key } = await identity.signer()
    const writer = {
      scope,
      device: await device(),
      member,
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
                names.map((name) => [name, pinOf(files[name]!.bytes)]),
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
    const settled = next.catch(() => undefined)
    writing.set(scope, settled)
    // Forgotten once its last write is over: one kept per case ever written would pile up.
    void settled.then(() => {
      if (writing.get(scope) === settled) writing.delete(scope)
    })
    return next
  }
}
