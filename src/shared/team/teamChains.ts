import { bytesToHex } from '@noble/hashes/utils.js'
import { verifyEd25519 } from '../identity/investigator'
import {
  checkTeamEntry,
  teamEntryId,
  teamGenesisHash,
  type SignatureCheck,
  type TeamEntry,
  type TeamScope,
} from './teamEntry'
import type { SetAsideEntry } from './teamSetAside'

/**
 * What every reader of a scope agrees on before any rule of the roster or of a case: which
 * documents are entries at all, which of them sit on an unbroken chain of their desk, and the one
 * order they replay in.
 */

/**
 * The one order of a scope: by Lamport clock, then device, then sequence. An entry's clock is
 * above those of everything its author had seen, so it comes after all of them.
 */
export const compareTeamEntries = (a: TeamEntry, b: TeamEntry): number =>
  a.clock - b.clock ||
  (a.device < b.device ? -1 : a.device > b.device ? 1 : 0) ||
  a.deviceSeq - b.deviceSeq

/** Whether `later`'s author had `earlier` when writing it. */
export const sawTeamEntry = (later: TeamEntry, earlier: TeamEntry): boolean =>
  later.device === earlier.device
    ? later.deviceSeq > earlier.deviceSeq
    : (later.seen[earlier.device] ?? 0) >= earlier.deviceSeq

/** A scope's entries by device, then by sequence: more than one at a sequence is a fork. */
type Chains = Map<string, Map<number, TeamEntry[]>>

function chainsOf(entries: readonly TeamEntry[]): Chains {
  const chains: Chains = new Map()
  for (const entry of entries) {
    const chain = chains.get(entry.device) ?? new Map<number, TeamEntry[]>()
    chains.set(entry.device, chain)
    const atSeq = chain.get(entry.deviceSeq) ?? []
    // The same entry held twice (from two replications) is one entry.
    if (!atSeq.some((held) => held.hash === entry.hash)) atSeq.push(entry)
    chain.set(entry.deviceSeq, atSeq)
  }
  return chains
}

interface ChainWalk {
  /** Entries whose every predecessor on their desk's chain is held and links to them. */
  linked: TeamEntry[]
  /** Entries after a missing predecessor, or one that does not link to them: until it arrives. */
  waiting: TeamEntry[]
  /** Two entries claiming one place in a desk's chain, and every entry after them. */
  forked: TeamEntry[]
}

function walkChains(chains: Chains): ChainWalk {
  const walk: ChainWalk = { linked: [], waiting: [], forked: [] }
  for (const chain of chains.values()) {
    let broken: 'waiting' | 'forked' | null = null
    let expectedHash = teamGenesisHash
    let expectedSeq = 1
    for (const seq of [...chain.keys()].sort((a, b) => a - b)) {
      const atSeq = chain.get(seq) ?? []
      const [only] = atSeq
      if (atSeq.length > 1) broken = 'forked'
      else if (broken === null && (seq !== expectedSeq || only?.prevHash !== expectedHash)) {
        broken = 'waiting'
      }
      if (broken) walk[broken].push(...atSeq)
      else if (only) {
        walk.linked.push(only)
        expectedHash = only.hash
        expectedSeq += 1
      }
    }
  }
  return walk
}

/** Per device, the last sequence of its unbroken chain among these entries of one scope. */
export function chainHeads(entries: readonly TeamEntry[]): Map<string, number> {
  const heads = new Map<string, number>()
  for (const entry of walkChains(chainsOf(entries)).linked) {
    heads.set(entry.device, Math.max(heads.get(entry.device) ?? 0, entry.deviceSeq))
  }
  return heads
}

/**
 * Whether an entry's clock is above those of the entries it claims to have seen that are held: an
 * entry that is not would replay before what it answers. Honest desks never write one.
 */
function inStep(entry: TeamEntry, chains: Chains): boolean {
  const previous = chain(chains, entry.device, entry.deviceSeq - 1)
  const seen = Object.entries(entry.seen).flatMap(([device, seq]) => chain(chains, device, seq))
  return [...previous, ...seen].every((earlier) => earlier.clock < entry.clock)
}

const chain = (chains: Chains, device: string, seq: number): TeamEntry[] =>
  chains.get(device)?.get(seq) ?? []

const documentId = (document: unknown): string =>
  typeof document === 'object' &&
  document !== null &&
  '_id' in document &&
  typeof document._id === 'string'
    ? document._id
    : '(a document without an id)'

export interface VettedScope {
  /** The entries on unbroken chains, in the scope's one order: for the roster or a case to judge. */
  chained: TeamEntry[]
  setAside: SetAsideEntry[]
}

/**
 * Reads what a desk holds of one scope, whatever it is: each document is checked on its own once
 * (`verify` may remember signatures already checked), the same entry held twice counts once, and
 * an entry counts only on an unbroken chain of its desk.
 */
export function vetTeamDocuments(
  scope: TeamScope,
  documents: readonly unknown[],
  verify: SignatureCheck = verifyEd25519,
): VettedScope {
  const setAside: SetAsideEntry[] = []
  const entries: TeamEntry[] = []
  for (const document of documents) {
    const check = checkTeamEntry(document, verify)
    if (!check.ok) {
      setAside.push({ kind: 'damaged', id: documentId(document), problem: check.problem })
    } else if (check.entry.scope !== scope) {
      const id = documentId(document)
      setAside.push({ kind: 'damaged', id, problem: `${id} belongs to ${check.entry.scope}` })
    } else entries.push(check.entry)
  }
  const chains = chainsOf(entries)
  const { linked, waiting, forked } = walkChains(chains)
  const aside = (kind: SetAsideEntry['kind'], entry: TeamEntry, problem: string): SetAsideEntry => {
    const id = teamEntryId(entry.scope, entry.device, entry.deviceSeq)
    return { kind, id, problem: `${id} ${problem}`, entry }
  }
  for (const entry of waiting) {
    setAside.push(aside('waiting', entry, 'waits for an earlier entry of its desk'))
  }
  for (const entry of forked) {
    setAside.push(aside('fork', entry, 'is on a desk chain that split in two'))
  }
  const chained: TeamEntry[] = []
  for (const entry of linked) {
    if (inStep(entry, chains)) chained.push(entry)
    else setAside.push(aside('out-of-step', entry, 'has a clock behind an entry it saw'))
  }
  return { chained: chained.sort(compareTeamEntries), setAside }
}

/**
 * A signature check that remembers its answers: a desk reads a scope again as entries arrive, and
 * an Ed25519 verification is the costliest step of reading an entry.
 */
export function rememberingSignatureCheck(verify: SignatureCheck = verifyEd25519): SignatureCheck {
  const known = new Map<string, boolean>()
  return (signature, message, publicKey) => {
    const key = `${publicKey}:${bytesToHex(message)}:${signature}`
    const remembered = known.get(key)
    if (remembered !== undefined) return remembered
    const valid = verify(signature, message, publicKey)
    known.set(key, valid)
    return valid
  }
}
