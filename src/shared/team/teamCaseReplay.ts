import { z } from 'zod'
import type { AuditEntry } from '../cases/caseSchemas'
import { replayTrail, type ReplayedCase } from '../cases/replayTrail'
import type { Actor } from '../identity/investigator'
import { replayAssignment, type CaseAssignment } from './teamAssignment'
import { compareTeamEntries } from './teamChains'
import { disagreementsOf, type TeamDisagreement } from './teamDisagreements'
import { idOfTeamEntry, type TeamEntry } from './teamEntry'

export interface TeamCaseAuthor {
  member: string
  author: Actor
  entries: number
}

export interface TeamCaseNote {
  entryId: string
  text: string
  member: string
  author: Actor
  at: string
}

/** A shared case as every desk holding the same entries computes it. */
export interface TeamCaseReplay extends ReplayedCase {
  /** The applied entries in the one order, and their ids. */
  entries: TeamEntry[]
  entryIds: string[]
  /** Contradictions no later entry answered: shown, never settled by whichever came last. */
  disagreements: TeamDisagreement[]
  /** Everyone who wrote in the case, as they signed, in the order they first did. */
  authors: TeamCaseAuthor[]
  notes: TeamCaseNote[]
  /** Who the case is assigned to, and whether two assignments made at once still stand. */
  assignment: CaseAssignment
}

const noteSchema = z.object({ text: z.string() })

/**
 * Replays a shared case from its applied entries (see `trustTeamEntries`), in whatever order they
 * arrived: sorted into the scope's one order, they replay as a local trail does, and where two
 * desks said different things without knowing of each other the replay lists both. The decisions
 * keep the one later in the order; the disagreement is what says that is not settled.
 */
export function replayTeamCase(applied: readonly TeamEntry[]): TeamCaseReplay {
  const entries = [...applied].sort(compareTeamEntries)
  const entryIds: string[] = []
  const trail = entries.map((entry, index): AuditEntry => ({
    caseId: entry.scope,
    seq: index + 1,
    at: entry.at,
    action: entry.action,
    summary: entry.summary,
    before: entry.before,
    after: entry.after,
    prevHash: entry.prevHash,
    hash: entry.hash,
    actor: entry.author,
  }))
  const authors = new Map<string, TeamCaseAuthor>()
  const notes: TeamCaseNote[] = []
  for (const entry of entries) {
    const entryId = idOfTeamEntry(entry)
    entryIds.push(entryId)
    const { member, author } = entry
    const key = JSON.stringify([
      member,
      author.fingerprint,
      author.name,
      author.email,
      author.organisation,
    ])
    const known = authors.get(key)
    if (known) known.entries += 1
    else authors.set(key, { member, author, entries: 1 })
    const note = entry.action === 'note-added' ? noteSchema.safeParse(entry.after).data : undefined
    if (note) notes.push({ entryId, text: note.text, member, author, at: entry.at })
  }
  return {
    ...replayTrail(trail),
    entries,
    entryIds,
    disagreements: disagreementsOf(entries),
    authors: [...authors.values()],
    notes,
    assignment: replayAssignment(entries),
  }
}
