import { z } from 'zod'
import {
  caseOutcomeSchema,
  caseStateSchema,
  hitDecisionSchema,
  type CaseOutcome,
  type CaseState,
  type HitDecision,
} from '../cases/caseSchemas'
import type { Actor } from '../identity/investigator'
import { sawTeamEntry } from './teamChains'
import { idOfTeamEntry, type TeamEntry } from './teamEntry'

/** One side of a disagreement: who said what, in which entry. */
interface Side {
  entryId: string
  member: string
  author: Actor
  at: string
}

export interface HitSide extends Side {
  decision: HitDecision['decision']
  rationale: string
}

export interface StateSide extends Side {
  action: string
  state: CaseState
  /** Set when the side closes the case. */
  outcome?: CaseOutcome
}

export type TeamDisagreement =
  | {
      kind: 'hit'
      decisionId: string
      hit: Pick<HitDecision, 'checkId' | 'hitKey' | 'category' | 'recordTitle'>
      sides: HitSide[]
    }
  | { kind: 'state'; sides: StateSide[] }

const carriedSchema = z.object({ carried: z.array(hitDecisionSchema) })
const unlinkedSchema = z.object({ check: z.object({ localId: z.string() }) })
const movedSchema = z.object({
  state: caseStateSchema,
  closure: z.object({ outcome: caseOutcomeSchema }).optional(),
})

/** The decisions an entry makes, as the case trail writes them. */
function decisionsIn(entry: TeamEntry): HitDecision[] {
  if (entry.action === 'hit-decided') {
    const decided = hitDecisionSchema.safeParse(entry.after)
    return decided.success ? [decided.data] : []
  }
  if (entry.action === 'rescreened') return carriedSchema.safeParse(entry.after).data?.carried ?? []
  return []
}

/** Where an entry moves the case, or null when it does not move it. */
function moveIn(entry: TeamEntry): Pick<StateSide, 'state' | 'outcome'> | null {
  if (entry.action === 'created' || entry.action === 'reopened') return { state: 'open' }
  if (entry.action !== 'state-changed' && entry.action !== 'closed') return null
  const moved = movedSchema.safeParse(entry.after)
  if (!moved.success) return null
  const { state, closure } = moved.data
  return closure && state === 'closed' ? { state, outcome: closure.outcome } : { state }
}

const sideOf = (entry: TeamEntry): Side => ({
  entryId: idOfTeamEntry(entry),
  member: entry.member,
  author: entry.author,
  at: entry.at,
})

/** What stands on one hit or on the state: the latest say of each line of work that saw no other. */
type Standing<T> = Array<{ entry: TeamEntry; say: T }>

/** Drops every say the entry saw: it answers them. Entries come in an order that respects causality. */
const answeredBy = <T>(standing: Standing<T>, entry: TeamEntry): Standing<T> =>
  standing.filter((side) => !sawTeamEntry(entry, side.entry))

/**
 * The contradictions a case holds: on each hit and on the state, the says that no later entry
 * answered (an entry answers what its author had seen), when they do not all agree. Two entries
 * made without knowing of each other both stand until one that saw both says something new.
 */
export function disagreementsOf(ordered: readonly TeamEntry[]): TeamDisagreement[] {
  const onHits = new Map<string, Standing<HitDecision>>()
  let onState: Standing<Pick<StateSide, 'state' | 'outcome'>> = []
  for (const entry of ordered) {
    for (const decision of decisionsIn(entry)) {
      onHits.set(decision.id, [
        ...answeredBy(onHits.get(decision.id) ?? [], entry),
        { entry, say: decision },
      ])
    }
    if (entry.action === 'check-unlinked') {
      // Unlinking a check withdraws its decisions: those its author saw, not those made meanwhile.
      const localId = unlinkedSchema.safeParse(entry.before).data?.check.localId
      for (const [id, standing] of onHits) {
        if (standing[0]?.say.checkId === localId) onHits.set(id, answeredBy(standing, entry))
      }
    }
    const move = moveIn(entry)
    if (move) onState = [...answeredBy(onState, entry), { entry, say: move }]
  }
  const disagreements: TeamDisagreement[] = []
  for (const [decisionId, standing] of onHits) {
    const [first] = standing
    if (!first || standing.every(({ say }) => say.decision === first.say.decision)) continue
    const { checkId, hitKey, category, recordTitle } = first.say
    disagreements.push({
      kind: 'hit',
      decisionId,
      hit: { checkId, hitKey, category, recordTitle },
      sides: standing.map(({ entry, say }) => ({
        ...sideOf(entry),
        decision: say.decision,
        rationale: say.rationale,
      })),
    })
  }
  const [firstMove] = onState
  const agree = ({ say }: (typeof onState)[number]) =>
    say.state === firstMove?.say.state && say.outcome === firstMove.say.outcome
  if (!onState.every(agree)) {
    disagreements.push({
      kind: 'state',
      sides: onState.map(({ entry, say }) => ({ ...sideOf(entry), action: entry.action, ...say })),
    })
  }
  return disagreements
}
