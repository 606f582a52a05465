import { canonicalJson } from '../cases/canonicalJson'
import {
  caseNoteSchema,
  type AuditEntry,
  type CaseNote,
  type HitDecision,
} from '../cases/caseSchemas'
import { decisionLabel, decisionSubject } from './meaningProblems'

/**
 * Whether what a bundle holds beside its trail is what the trail arrives at. The exporter refuses
 * to sign a case that disagrees and the verifier fails a bundle that does, with the same words:
 * each disagreement is a phrase that follows the file's name ("decisions.json says …").
 */

/** The members of two records whose values differ, by name. */
export function differingFields(
  ours: Record<string, unknown> | undefined,
  theirs: Record<string, unknown> | undefined,
): string[] {
  const names = new Set([...Object.keys(ours ?? {}), ...Object.keys(theirs ?? {})])
  return [...names]
    .filter((name) => canonicalJson(ours?.[name]) !== canonicalJson(theirs?.[name]))
    .sort()
}

/** How the decisions written differ from those the trail's replay arrives at (replayTrail). */
export function decisionsAgainstTrail(
  written: readonly HitDecision[],
  replayed: ReadonlyMap<string, HitDecision>,
): string[] {
  const found: string[] = []
  const byId = new Map<string, HitDecision>()
  for (const decision of written) {
    if (byId.has(decision.id))
      found.push(`holds the decision on ${decisionSubject(decision)} twice`)
    byId.set(decision.id, decision)
  }
  for (const id of [...new Set([...byId.keys(), ...replayed.keys()])].sort()) {
    const ours = byId.get(id)
    const trail = replayed.get(id)
    if (!trail && ours) {
      found.push(
        `says ${decisionLabel(ours.decision)} for ${decisionSubject(ours)}, the audit trail has no decision on it`,
      )
    } else if (trail && !ours) {
      found.push(
        `has no decision on ${decisionSubject(trail)}, the audit trail says ${decisionLabel(trail.decision)}`,
      )
    } else if (trail && ours && ours.decision !== trail.decision) {
      found.push(
        `says ${decisionLabel(ours.decision)} for ${decisionSubject(trail)}, the audit trail says ${decisionLabel(trail.decision)}`,
      )
    } else if (trail && ours && canonicalJson(ours) !== canonicalJson(trail)) {
      found.push(
        `differs from the audit trail on ${decisionSubject(trail)} (${differingFields(ours, trail).join(', ')})`,
      )
    }
  }
  return found
}

/**
 * The notes the trail added, by id: the case repository writes each note whole as its
 * `note-added` entry's `after`, and a note is never edited or removed.
 */
function notesOfTrail(trail: readonly AuditEntry[]): Map<string, { note: CaseNote; seq: number }> {
  const notes = new Map<string, { note: CaseNote; seq: number }>()
  for (const entry of trail) {
    if (entry.action !== 'note-added') continue
    const note = caseNoteSchema.safeParse(entry.after)
    // An entry that does not hold a note adds none; notes.json cannot agree with it.
    if (note.success) notes.set(note.data.id, { note: note.data, seq: entry.seq })
  }
  return notes
}

const quoted = (text: string): string => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`

/** How the notes written differ from the notes the trail added, in any order. */
export function notesAgainstTrail(
  written: readonly CaseNote[],
  trail: readonly AuditEntry[],
): string[] {
  const found: string[] = []
  const added = notesOfTrail(trail)
  const seen = new Set<string>()
  for (const note of written) {
    const onTrail = added.get(note.id)
    if (seen.has(note.id)) found.push(`holds note ${note.id} twice`)
    else if (!onTrail) {
      found.push(`holds note ${note.id} (${quoted(note.text)}), which the audit trail never added`)
    } else if (canonicalJson(note) !== canonicalJson(onTrail.note)) {
      const fields = differingFields(note, onTrail.note).join(', ')
      found.push(`differs from the audit trail on note ${note.id} (${fields})`)
    }
    seen.add(note.id)
  }
  for (const [id, { note, seq }] of added) {
    if (!seen.has(id)) {
      found.push(`has no note ${id} (${quoted(note.text)}), which audit trail entry ${seq} added`)
    }
  }
  return found
}
