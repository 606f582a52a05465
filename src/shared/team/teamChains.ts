import { bytesToHex } from '@noble/hashes/utils.js'
import { LRUCache } from 'lru-cache'
import { verifyEd25519 } from '../identity/investigator'
import {
  checkTeamEntry,
  idOfTeamEntry,
  teamChainKey,
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

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The one order of a scope: by Lamport clock, then member, device and sequence. An entry's clock
 * is above those of everything its author had seen, so it comes after all of them.
 */
export const compareTeamEntries = (a: TeamEntry, b: TeamEntry): number =>
  a.clock - b.clock ||
  compareText(a.member, b.member) ||
  compareText(a.device, b.device) ||
  a.deviceSeq - b.deviceSeq

/** The chain an entry is on: its member's desk in its scope. */
export const chainOf = (entry: Pick<TeamEntry, 'member' | 'device'>): string =>
  teamChainKey(entry.member, entry.device)

/** Whether `later`'s author had `earlier` when writing it. */
export const sawTeamEntry = (later: TeamEntry, earlier: TeamEntry): boolean =>
  chainOf(later) === chainOf(earlier)
    ? later.deviceSeq > earlier.deviceSeq
    : (later.seen[chainOf(earlier)] ?? 0) >= earlier.deviceSeq

/** A scope's entries by chain, then by sequence: more than one at a sequence is a fork. */
type Chains = Map<string, Map<number, TeamEntry[]>>

function chainsOf(entries: readonly TeamEntry[]): Chains {
  const chains: Chains = new Map()
  for (const entry of entries) {
    const chain = chains.get(chainOf(entry)) ?? new Map<number, TeamEntry[]>()
    chains.set(chainOf(entry), chain)
    const atSeq = chain.get(entry.deviceSeq) ?? []
    // The same entry held twice (from two replications) is one entry.
    if (!atSeq.some((held) => held.hash === entry.hash)) atSeq.push(entry)
    chain.set(entry.deviceSeq, atSeq)
  }
  return chains
}

interface ChainWalk {
  /** Entries whose every predecessor on their chain is held and links to them. */
  linked: TeamEntry[]
  /** Entries after a missing predecessor, or one that does not link to them: until it arrives. */
  waiting: TeamEntry[]
  /**
   * Two entries claiming one place in a chain, or an entry held in two versions, and every entry
   * after them.
   */
  forked: TeamEntry[]
}

/** `twoVersions`: ids of entries the database holds more than one revision of. */
function walkChains(chains: Chains, twoVersions: ReadonlySet<string>): ChainWalk {
  const walk: ChainWalk = { linked: [], waiting: [], forked: [] }
  for (const chain of chains.values()) {
    let broken: 'waiting' | 'forked' | null = null
    let expectedHash = teamGenesisHash
    let expectedSeq = 1
    for (const seq of [...chain.keys()].sort((a, b) => a - b)) {
      const atSeq = chain.get(seq) ?? []
      const [only] = atSeq
      if (atSeq.length > 1 || (only && twoVersions.has(idOfTeamEntry(only)))) broken = 'forked'
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

/**
 * Whether an entry's clock is above those of the entries it claims to have seen that are held: an
 * entry that is not would replay before what it answers. Honest desks never write one.
 */
function inStep(entry: TeamEntry, chains: Chains): boolean {
  const previous = atPlace(chains, chainOf(entry), entry.deviceSeq - 1)
  const seen = Object.entries(entry.seen).flatMap(([chain, seq]) => atPlace(chains, chain, seq))
  return [...previous, ...seen].every((earlier) => earlier.clock < entry.clock)
}

const atPlace = (chains: Chains, chain: string, seq: number): TeamEntry[] =>
  chains.get(chain)?.get(seq) ?? []

const documentId = (document: unknown): string =>
  typeof document === 'object' &&
  document !== null &&
  '_id' in document &&
  typeof document._id === 'string'
    ? document._id
    : '(a document without an id)'

/** Whether the database holds other revisions of this document than this one (`conflicts: true`). */
const hasOtherVersions = (document: unknown): boolean =>
  typeof document === 'object' &&
  document !== null &&
  '_conflicts' in document &&
  Array.isArray(document._conflicts) &&
  document._conflicts.length > 0

export interface VettedScope {
  /** The entries on unbroken chains, in the scope's one order: for the roster or a case to judge. */
  chained: TeamEntry[]
  setAside: SetAsideEntry[]
}

/**
 * Reads what a desk holds of one scope, whatever it is: each document is checked on its own once
 * (`verify` may remember signatures already checked), the same entry held twice counts once, and
 * an entry counts only on an unbroken chain of its member's desk.
 *
 * Pass every revision the database holds, the winner read with `conflicts: true`: entries are
 * never changed, so an entry with two versions counts in neither, whichever CouchDB would show.
 */
export function vetTeamDocuments(
  scope: TeamScope,
  documents: readonly unknown[],
  verify: SignatureCheck = verifyEd25519,
): VettedScope {
  const setAside: SetAsideEntry[] = []
  const entries: TeamEntry[] = []
  const twoVersions = new Set<string>()
  for (const document of documents) {
    if (hasOtherVersions(document)) twoVersions.add(documentId(document))
    const check = checkTeamEntry(document, verify)
    if (!check.ok) {
      setAside.push({ kind: 'damaged', id: documentId(document), problem: check.problem })
    } else if (check.entry.scope !== scope) {
      const id = documentId(document)
      setAside.push({ kind: 'damaged', id, problem: `${id} belongs to ${check.entry.scope}` })
    } else entries.push(check.entry)
  }
  const chains = chainsOf(entries)
  const { linked, waiting, forked } = walkChains(chains, twoVersions)
  const aside = (kind: SetAsideEntry['kind'], entry: TeamEntry, problem: string): SetAsideEntry => {
    const id = idOfTeamEntry(entry)
    return { kind, id, problem: `${id} ${problem}`, entry }
  }
  for (const entry of waiting) {
    setAside.push(aside('waiting', entry, 'waits for an earlier entry of its desk'))
  }
  for (const entry of forked) {
    const problem = twoVersions.has(idOfTeamEntry(entry))
      ? 'is an entry with two versions'
      : 'is on a desk chain that split in two'
    setAside.push(aside('fork', entry, problem))
  }
  const chained: TeamEntry[] = []
  for (const entry of linked) {
    if (inStep(entry, chains)) chained.push(entry)
    else setAside.push(aside('out-of-step', entry, 'has a clock behind an entry it saw'))
  }
  return { chained: chained.sort(compareTeamEntries), setAside }
}

/** One signature of one message by one key, as a key of a map of answers. */
export const signatureCheckKey = (
  signature: string,
  message: Uint8Array,
  publicKey: string,
): string => `${publicKey}:${bytesToHex(message)}:${signature}`

/**
 * How many signature answers a desk keeps: the entries of the cases read lately and the roster's,
 * which it reads again as entries arrive, not every entry the team database holds (each answer
 * keeps about 300 bytes: 15 MB at most). One forgotten is worked out again when next read.
 */
export const rememberedSignatureAnswers = 50_000

/**
 * A signature check that remembers its latest answers: a desk reads a scope again as entries
 * arrive, and an Ed25519 verification is the costliest step of reading an entry.
 */
export function rememberingSignatureCheck(
  verify: SignatureCheck = verifyEd25519,
  remembered = rememberedSignatureAnswers,
): SignatureCheck {
  const known = new LRUCache<string, boolean>({ max: remembered })
  return (signature, message, publicKey) => {
    const key = signatureCheckKey(signature, message, publicKey)
    const answer = known.get(key)
    if (answer !== undefined) return answer
    const valid = verify(signature, message, publicKey)
    known.set(key, valid)
    return valid
  }
}
