import { z } from 'zod'
import {
  caseClosureSchema,
  caseStateSchema,
  hitDecisionSchema,
  type AuditEntry,
  type CaseClosure,
  type CaseState,
  type HitDecision,
} from './caseSchemas'
import { fourEyesActionNames } from './fourEyesActions'
import { untrustedRestoreAction } from './untrustedRestore'

/** Where a case stands after its trail, as the trail alone tells it. */
export interface ReplayedCase {
  /** Null when the trail does not start by opening the case. */
  state: CaseState | null
  closure: CaseClosure | undefined
  /** The current decision on each hit, by decision id, in the order they were first made. */
  decisions: Map<string, HitDecision>
  /** Entries that could not be replayed, each named by its number. */
  unreadable: string[]
}

/** Only what a replay reads of each entry: the rest of it is the trail's own business. */
const stateChangeSchema = z.object({ state: caseStateSchema })
const closingSchema = z.object({ closure: caseClosureSchema })
const unlinkingSchema = z.object({ check: z.object({ localId: z.string() }) })
const rescreenSchema = z.object({ carried: z.array(hitDecisionSchema) })

/** Entries that change neither the state, the closure nor a decision. */
const neutralActions = new Set([
  'check-linked',
  'entity-linked',
  'entity-unlinked',
  'note-added',
  'exported',
  // A bulk job's record on the case: its checks are linked by `check-linked` entries of their own.
  'bulk-job-linked',
  // Says where the case's history came from; the history itself is the entries before it.
  untrustedRestoreAction,
  // Review and assignment say who works on and who checks a case, not what the case holds.
  ...fourEyesActionNames,
])

/**
 * Replays a case's trail the way the case repository wrote it: a decision is set or revised by
 * `hit-decided`, carried to a later check of its wallet by `rescreened`, withdrawn with the rest of its check's by `check-unlinked`; the state moves with
 * `created`, `state-changed`, `closed` and `reopened`.
 */
export function replayTrail(entries: readonly AuditEntry[]): ReplayedCase {
  const replayed: ReplayedCase = {
    state: null,
    closure: undefined,
    decisions: new Map(),
    unreadable: [],
  }
  const read = <T>(entry: AuditEntry, schema: z.ZodType<T>, value: unknown): T | undefined => {
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    replayed.unreadable.push(`entry ${entry.seq} (${entry.action}) does not hold what it should`)
    return undefined
  }
  for (const entry of entries) {
    if (entry.action === 'created') {
      if (entry.seq !== 1) {
        replayed.unreadable.push(`entry ${entry.seq} opens the case again`)
        continue
      }
      replayed.state = 'open'
    } else if (replayed.state === null) {
      replayed.unreadable.push(`entry ${entry.seq} (${entry.action}) comes before the case opened`)
    } else if (entry.action === 'state-changed') {
      const change = read(entry, stateChangeSchema, entry.after)
      if (change) replayed.state = change.state
    } else if (entry.action === 'closed') {
      const closing = read(entry, closingSchema, entry.after)
      if (closing) {
        replayed.state = 'closed'
        replayed.closure = closing.closure
      }
    } else if (entry.action === 'reopened') {
      replayed.state = 'open'
      replayed.closure = undefined
    } else if (entry.action === 'hit-decided') {
      const decision = read(entry, hitDecisionSchema, entry.after)
      if (decision) replayed.decisions.set(decision.id, decision)
    } else if (entry.action === 'rescreened') {
      const rescreen = read(entry, rescreenSchema, entry.after)
      for (const decision of rescreen?.carried ?? []) replayed.decisions.set(decision.id, decision)
    } else if (entry.action === 'check-unlinked') {
      const unlinking = read(entry, unlinkingSchema, entry.before)
      for (const [id, decision] of replayed.decisions) {
        if (decision.checkId === unlinking?.check.localId) replayed.decisions.delete(id)
      }
    } else if (!neutralActions.has(entry.action)) {
      // A later version may write actions this one cannot replay: its meaning is then unknown.
      replayed.unreadable.push(`entry ${entry.seq} has an action this version does not know`)
    }
  }
  return replayed
}
