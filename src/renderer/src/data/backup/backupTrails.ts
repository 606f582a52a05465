import { verifyAuditChain } from '../../../../shared/cases/auditChain'
import type { AuditEntry, HitDecision } from '../../../../shared/cases/caseSchemas'
import { replayTrail } from '../../../../shared/cases/replayTrail'

/**
 * The audit trails and decisions of a backup's cases, gathered row by row while it is verified,
 * then each trail checked whole: a chain edited without re-chaining is named by its entry, and a
 * decision that its case's trail does not lead to is named by its id. (A trail re-chained after an
 * edit holds together: only the backup's signature tells that one, see backupTrust.)
 */
export class BackupTrails {
  private readonly trails = new Map<string, AuditEntry[]>()
  private readonly decisions = new Map<string, HitDecision[]>()

  add(table: string, row: object): void {
    if (table === 'auditEntries') push(this.trails, row as AuditEntry)
    if (table === 'hitDecisions') push(this.decisions, row as HitDecision)
  }

  /** The first problem found, as a sentence, or null when every trail holds. */
  problem(caseIds: readonly string[]): string | null {
    for (const caseId of caseIds) {
      const trail = (this.trails.get(caseId) ?? []).sort((a, b) => a.seq - b.seq)
      const chain = verifyAuditChain(trail)
      if (!chain.intact) return `The audit trail of case ${caseId} does not hold: ${chain.problem}.`
      const replayed = replayTrail(trail)
      const [unreadable] = replayed.unreadable
      if (unreadable) return `The audit trail of case ${caseId} cannot be replayed: ${unreadable}.`
      const held = this.decisions.get(caseId) ?? []
      for (const decision of held) {
        if (replayed.decisions.get(decision.id)?.decision !== decision.decision) {
          return `Case ${caseId}'s decision ${decision.id} is not the one its audit trail records.`
        }
      }
      if (held.length !== replayed.decisions.size) {
        return `Case ${caseId} lacks decisions its audit trail records.`
      }
    }
    return null
  }
}

function push<T extends { caseId: string }>(byCase: Map<string, T[]>, row: T): void {
  const rows = byCase.get(row.caseId)
  if (rows) rows.push(row)
  else byCase.set(row.caseId, [row])
}
