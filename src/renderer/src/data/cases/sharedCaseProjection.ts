import { z } from 'zod'
import type { SharedCase } from '../../../../shared/bridge/teamContract'
import { nextAuditEntry } from '../../../../shared/cases/auditChain'
import {
  caseNoteSchema,
  entityKeyOf,
  entityLinkSchema,
  newCaseSchema,
  type AuditEntry,
  type CaseNote,
  type CaseRecord,
  type HitDecision,
} from '../../../../shared/cases/caseSchemas'
import { replayTrail } from '../../../../shared/cases/replayTrail'

/** A shared case as this page keeps it: the same tables a case of this computer fills. */
export interface ProjectedCase {
  caseRecord: CaseRecord
  notes: CaseNote[]
  decisions: HitDecision[]
  /** The team's entries in their one order, chained here as a local trail is. */
  trail: AuditEntry[]
}

const checkLinkSchema = z.object({ localId: z.string().min(1) })
const checkUnlinkSchema = z.object({ check: checkLinkSchema })

const remove = (list: string[], item: string): void => {
  const at = list.indexOf(item)
  if (at >= 0) list.splice(at, 1)
}

/**
 * What a shared case is, from its entries alone: every desk holding the same entries keeps the
 * same case, trail, notes and decisions. The state, closure and decisions replay as a local trail
 * does (`replayTrail`); links and notes follow their entries in order. Null until the entry that
 * opened the case has arrived: entries about a case not yet opened show nothing.
 *
 * Chaining the trail hashes every entry, a few milliseconds each for a linked check's: `turn` is
 * awaited before each entry, so the page can take its turns while a case of hundreds is projected.
 */
export async function projectSharedCase(
  shared: SharedCase,
  turn: () => Promise<void>,
): Promise<ProjectedCase | null> {
  const { caseId, entries } = shared
  const opening = entries[0]
  const details = newCaseSchema.safeParse(opening?.after)
  if (!opening || opening.action !== 'created' || !details.success) return null
  const trail: AuditEntry[] = []
  const checkIds: string[] = []
  const entityKeys: string[] = []
  const notes: CaseNote[] = []
  for (const entry of entries) {
    await turn()
    const change = {
      action: entry.action,
      summary: entry.summary,
      before: entry.before,
      after: entry.after,
    }
    trail.push(nextAuditEntry(caseId, trail.at(-1), change, entry.author, entry.at))
    const read = <T>(schema: z.ZodType<T>, value: unknown): T | undefined => {
      const parsed = schema.safeParse(value)
      return parsed.success ? parsed.data : undefined
    }
    if (entry.action === 'check-linked') {
      const link = read(checkLinkSchema, entry.after)
      if (link && !checkIds.includes(link.localId)) checkIds.push(link.localId)
    } else if (entry.action === 'check-unlinked') {
      const unlink = read(checkUnlinkSchema, entry.before)
      if (unlink) remove(checkIds, unlink.check.localId)
    } else if (entry.action === 'entity-linked' || entry.action === 'entity-unlinked') {
      const entity = read(
        entityLinkSchema,
        entry.action === 'entity-linked' ? entry.after : entry.before,
      )
      const key = entity && entityKeyOf(entity.environment, entity.id)
      if (key && entry.action === 'entity-linked' && !entityKeys.includes(key)) entityKeys.push(key)
      if (key && entry.action === 'entity-unlinked') remove(entityKeys, key)
    } else if (entry.action === 'note-added') {
      const note = read(caseNoteSchema, entry.after)
      if (note && note.caseId === caseId) notes.push(note)
    }
  }
  const replayed = replayTrail(trail)
  return {
    caseRecord: {
      id: caseId,
      ...details.data,
      state: replayed.state ?? 'open',
      createdAt: opening.at,
      updatedAt: entries.at(-1)!.at,
      ...(replayed.closure ? { closure: replayed.closure } : {}),
      checkIds,
      entityKeys,
    },
    notes,
    decisions: [...replayed.decisions.values()].filter((decision) => decision.caseId === caseId),
    trail,
  }
}
