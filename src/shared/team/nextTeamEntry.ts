import type { Actor } from '../identity/investigator'
import { chainHeads } from './teamChains'
import {
  teamGenesisHash,
  type TeamEntry,
  type TeamScope,
  type UnsignedTeamEntry,
} from './teamEntry'

/** Who writes, from which desk, into which scope. */
export interface TeamWriter {
  scope: TeamScope
  device: string
  member: string
  author: Actor
  publicKey: string
}

/** The change itself, as the case trail has always recorded one. */
export interface TeamChange {
  action: string
  summary: string
  before: unknown
  after: unknown
  /** SHA-256 of each attachment by name (the raw bytes of a linked check). */
  attachments?: Record<string, string>
}

/**
 * The entry a desk writes next in a scope, from the entries it holds there (pass those that read
 * as entries on their own; an entry from an unknown key may count as seen, a forged one should
 * not). It continues this device's chain, takes a clock above every clock held, and records how
 * far each desk's unbroken chain was seen. The caller signs it (`signTeamEntry`).
 */
export function nextTeamEntry(
  held: readonly TeamEntry[],
  writer: TeamWriter,
  change: TeamChange,
  at: string,
): UnsignedTeamEntry {
  let last: TeamEntry | undefined
  let clock = 0
  for (const entry of held) {
    clock = Math.max(clock, entry.clock)
    if (entry.device === writer.device && (!last || entry.deviceSeq > last.deviceSeq)) last = entry
  }
  return {
    scope: writer.scope,
    device: writer.device,
    deviceSeq: (last?.deviceSeq ?? 0) + 1,
    prevHash: last?.hash ?? teamGenesisHash,
    member: writer.member,
    author: writer.author,
    publicKey: writer.publicKey,
    at,
    clock: clock + 1,
    seen: Object.fromEntries(chainHeads(held)),
    action: change.action,
    summary: change.summary,
    // A member left undefined would vanish on the way through the server and change the hash.
    before: change.before ?? null,
    after: change.after ?? null,
    ...(change.attachments ? { attachments: change.attachments } : {}),
  }
}
