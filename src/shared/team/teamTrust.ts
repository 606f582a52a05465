import { chainOf, vetTeamDocuments } from './teamChains'
import { idOfTeamEntry, type SignatureCheck, type TeamEntry, type TeamScope } from './teamEntry'
import type { TeamRoster } from './teamRoster'
import { bySetAsideId, type SetAsideEntry } from './teamSetAside'

export interface TeamTrust {
  /** The entries that count, in the scope's one order. */
  applied: TeamEntry[]
  /** Everything else the desk holds, each with why (see `setAsideSentences`). */
  setAside: SetAsideEntry[]
}

/**
 * Splits what a desk holds of a case into the entries that count and those set aside. An entry
 * counts when it reads as an entry on its own, sits on an unbroken chain of its desk, is signed by
 * a key the roster gives to its member, and was made before any removal of that member. The
 * roster scope itself is judged by its own replay (`replayTeamRoster`).
 */
export function trustTeamEntries(
  scope: TeamScope,
  documents: readonly unknown[],
  roster: TeamRoster,
  verify?: SignatureCheck,
): TeamTrust {
  const { chained, setAside } = vetTeamDocuments(scope, documents, verify)
  const applied: TeamEntry[] = []
  // Chains that reached past their member's removal: in the one order a chain's entries come by
  // sequence, and an entry written after one made after the removal was made after it too,
  // whatever time it says (or a desk would apply it after a gap no bundle of the case can show).
  const removedChains = new Set<string>()
  for (const entry of chained) {
    const problem = removedChains.has(chainOf(entry))
      ? { kind: 'removed-member' as const, text: `was made after ${entry.member} was removed` }
      : problemOf(entry, roster)
    if (problem?.kind === 'removed-member') removedChains.add(chainOf(entry))
    if (problem) {
      const id = idOfTeamEntry(entry)
      setAside.push({ kind: problem.kind, id, problem: `${id} ${problem.text}`, entry })
    } else applied.push(entry)
  }
  return { applied, setAside: setAside.sort(bySetAsideId) }
}

function problemOf(
  entry: TeamEntry,
  roster: TeamRoster,
): { kind: SetAsideEntry['kind']; text: string } | null {
  const owner = roster.keyOwners.get(entry.publicKey)
  if (owner === undefined)
    return { kind: 'unknown-key', text: 'is signed by a key not in the roster' }
  if (owner !== entry.member) {
    return { kind: 'unknown-key', text: `is signed by ${owner}’s key, not ${entry.member}’s` }
  }
  const removal = roster.removed.get(entry.member)
  // The roster and a case keep separate clocks: across scopes only the times the admin and the
  // author wrote down place an entry before or after a removal. Dating an entry back does not help
  // a removed member: the server refuses their writes once their user is gone.
  if (removal && Date.parse(entry.at) >= Date.parse(removal.at)) {
    return { kind: 'removed-member', text: `was made after ${entry.member} was removed` }
  }
  return null
}
