import type { Actor } from '../identity/investigator'
import { chainOf } from './teamChains'
import {
  teamChainKey,
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

/** One chain as a writer needs it: its distinct entries by sequence, and how far it is unbroken. */
interface ChainState {
  places: Map<number, TeamEntry[]>
  /** The last sequence of the chain's unbroken start, 0 when it has none. */
  head: number
  /** Its entry with the highest sequence, linked or not: the chain continues from it. */
  last: TeamEntry
}

/**
 * What a desk keeps of a scope to write its next entry there, taken in entry by entry as the desk
 * comes to hold them, so a write costs what arrived since the last one, not the whole scope.
 */
export interface TeamScopeHeads {
  /** An entry the desk holds in the scope, read as an entry on its own; one held twice counts once. */
  add(entry: TeamEntry): void
  /** The entry `writer` writes next (see `nextTeamEntry`). */
  next(writer: TeamWriter, change: TeamChange, at: string): UnsignedTeamEntry
}

export function teamScopeHeads(): TeamScopeHeads {
  const chains = new Map<string, ChainState>()
  let clock = 0

  /** Moves a chain's head on while the next place holds exactly one entry that links to it. */
  const advance = (chain: ChainState): void => {
    for (;;) {
      const [next, ...others] = chain.places.get(chain.head + 1) ?? []
      const headHash = chain.head === 0 ? teamGenesisHash : chain.places.get(chain.head)?.[0]?.hash
      if (!next || others.length > 0 || next.prevHash !== headHash) return
      chain.head += 1
    }
  }

  return {
    add: (entry) => {
      clock = Math.max(clock, entry.clock)
      const key = chainOf(entry)
      const chain: ChainState = chains.get(key) ?? { places: new Map(), head: 0, last: entry }
      chains.set(key, chain)
      const atSeq = chain.places.get(entry.deviceSeq) ?? []
      if (atSeq.some((held) => held.hash === entry.hash)) return
      atSeq.push(entry)
      chain.places.set(entry.deviceSeq, atSeq)
      if (entry.deviceSeq > chain.last.deviceSeq) chain.last = entry
      // A second entry at a place already passed breaks the chain there for good.
      if (entry.deviceSeq <= chain.head) chain.head = entry.deviceSeq - 1
      advance(chain)
    },
    next: (writer, change, at) => {
      const last = chains.get(teamChainKey(writer.member, writer.device))?.last
      const seen = [...chains].flatMap(([key, chain]) =>
        chain.head > 0 ? [[key, chain.head] as const] : [],
      )
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
        seen: Object.fromEntries(seen),
        action: change.action,
        summary: change.summary,
        // A member left undefined would vanish on the way through the server and change the hash.
        before: change.before ?? null,
        after: change.after ?? null,
        ...(change.attachments ? { attachments: change.attachments } : {}),
      }
    },
  }
}

/**
 * The entry a desk writes next in a scope, from the entries it holds there (pass those that read
 * as entries on their own; an entry from an unknown key may count as seen, a forged one should
 * not). It continues the chain of this member's device, takes a clock above every clock held, and
 * records how far each chain was seen unbroken. The caller signs it (`signTeamEntry`).
 */
export function nextTeamEntry(
  held: readonly TeamEntry[],
  writer: TeamWriter,
  change: TeamChange,
  at: string,
): UnsignedTeamEntry {
  const heads = teamScopeHeads()
  for (const entry of held) heads.add(entry)
  return heads.next(writer, change, at)
}
