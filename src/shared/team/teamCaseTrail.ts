import { nextAuditEntry } from '../cases/auditChain'
import type { AuditEntry } from '../cases/caseSchemas'
import type { TeamEntry } from './teamEntry'

/**
 * A shared case's trail as a desk keeps it: the team's entries in their one order (as
 * `replayTeamCase` gives them), chained as a local trail is, each under its author. The same
 * entries give the same trail on every desk, so a bundle's trail can be held to its entries.
 */
export function trailOfTeamEntries(caseId: string, entries: readonly TeamEntry[]): AuditEntry[] {
  const trail: AuditEntry[] = []
  for (const { action, summary, before, after, author, at } of entries) {
    trail.push(nextAuditEntry(caseId, trail.at(-1), { action, summary, before, after }, author, at))
  }
  return trail
}
