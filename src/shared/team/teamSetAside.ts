import { countOf, noun } from '../text/counting'
import type { TeamEntry } from './teamEntry'

/**
 * Why a desk did not apply an entry it holds. Every kind but `waiting` is for good: the entry can
 * never count. A `waiting` entry counts as soon as the entries before it on its desk's chain arrive.
 */
export type SetAsideKind =
  'damaged' | 'unknown-key' | 'removed-member' | 'waiting' | 'fork' | 'out-of-step' | 'not-allowed'

export interface SetAsideEntry {
  kind: SetAsideKind
  /** The document's id, or a placeholder when it has none. */
  id: string
  /** What is wrong with this one entry, in a sentence. */
  problem: string
  /** Absent when the document does not hold a readable, self-consistent entry. */
  entry?: TeamEntry
}

const entries = noun('entry', 'entries')

/** One sentence per kind, each read with its count: "1 entry from an unknown key was not applied". */
const sentences: Record<SetAsideKind, (count: number) => string> = {
  damaged: (n) =>
    `${countOf(n, entries)} that ${n === 1 ? 'was altered or is' : 'were altered or are'} not validly signed ${n === 1 ? 'was' : 'were'} not applied`,
  'unknown-key': (n) =>
    `${countOf(n, entries)} from ${n === 1 ? 'an unknown key was' : 'unknown keys were'} not applied`,
  'removed-member': (n) =>
    `${countOf(n, entries)} by ${n === 1 ? 'a removed member was' : 'removed members were'} not applied`,
  waiting: (n) =>
    `${countOf(n, entries)} ${n === 1 ? 'is' : 'are'} waiting for earlier entries from ${n === 1 ? 'its desk' : 'their desks'}`,
  fork: (n) =>
    `${countOf(n, entries)} from a desk whose chain split in two ${n === 1 ? 'was' : 'were'} not applied`,
  'out-of-step': (n) =>
    `${countOf(n, entries)} out of step with the entries ${n === 1 ? 'it follows was' : 'they follow were'} not applied`,
  'not-allowed': (n) =>
    `${countOf(n, entries)} the roster's rules do not allow ${n === 1 ? 'was' : 'were'} not applied`,
}

const kindOrder = Object.keys(sentences) as SetAsideKind[]

/** What a desk shows of the entries it set aside: one sentence per kind, in a fixed order. */
export function setAsideSentences(setAside: readonly SetAsideEntry[]): string[] {
  const counts = new Map<SetAsideKind, number>()
  for (const { kind } of setAside) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return kindOrder.flatMap((kind) => {
    const count = counts.get(kind)
    return count ? [sentences[kind](count)] : []
  })
}

/** Set-aside entries in an order that depends on what is held, never on how it arrived. */
export const bySetAsideId = (a: SetAsideEntry, b: SetAsideEntry): number =>
  compareText(a.id, b.id) ||
  compareText(a.problem, b.problem) ||
  compareText(a.entry?.hash ?? '', b.entry?.hash ?? '')

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
