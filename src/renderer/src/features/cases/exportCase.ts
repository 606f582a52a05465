import type { BridgeInput, BridgeMethod, BridgeOutput } from '../../../../shared/bridge'
import type { ExportPart } from '../../../../shared/bridge/evidenceContract'
import type { AppDatabase } from '../../db/appDatabase'
import { CaseRuleError } from './caseErrors'
import { auditTrailOf } from './caseRepository'
import { readCaseChecks, readCaseEntities } from './caseQueries'

export type BridgeCaller = <M extends BridgeMethod>(
  method: M,
  input: BridgeInput<M>,
) => Promise<BridgeOutput<M>>

export type FinishedExport = BridgeOutput<'evidence.finishExport'>

/** Checks per bridge call: each carries its raw answer, so batches stay well under a megabyte. */
const checksPerBatch = 25
const recordsPerBatch = 1000

const inBatches = <T>(items: readonly T[], size: number): T[][] => {
  const batches: T[][] = []
  for (let start = 0; start < items.length; start += size)
    batches.push(items.slice(start, start + size))
  return batches
}

/**
 * Sends a case to the main side, which writes the bundle. Checks are read from IndexedDB and sent
 * a batch at a time, so neither side ever holds a large case whole. On any failure the main side
 * is told to remove what it wrote.
 */
export async function exportCase(
  db: AppDatabase,
  call: BridgeCaller,
  caseId: string,
  onProgress: (sentChecks: number, totalChecks: number) => void = () => undefined,
): Promise<FinishedExport> {
  const caseRecord = await db.cases.get(caseId)
  if (!caseRecord) throw new CaseRuleError('This case no longer exists on this computer.')
  const { exportId } = await call('evidence.beginExport', { case: caseRecord })
  const send = (part: ExportPart) => call('evidence.addToExport', { exportId, part })
  try {
    const total = caseRecord.checkIds.length
    for (let start = 0; start < total; start += checksPerBatch) {
      const { checks, missing } = await readCaseChecks(db, caseRecord, start, checksPerBatch)
      if (missing.length > 0) {
        throw new CaseRuleError(
          `${missing.length} linked check(s) are no longer on this computer, so the bundle would be incomplete. Unlink them first.`,
        )
      }
      await send({ kind: 'checks', items: checks })
      onProgress(Math.min(start + checksPerBatch, total), total)
    }
    await send({ kind: 'entities', items: await readCaseEntities(db, caseRecord) })
    const notes = await db.caseNotes
      .where('[caseId+createdAt]')
      .between([caseId, ''], [caseId, '\uffff'])
      .toArray()
    for (const items of inBatches(notes, recordsPerBatch)) await send({ kind: 'notes', items })
    const decisions = await db.hitDecisions.where('caseId').equals(caseId).toArray()
    for (const items of inBatches(decisions, recordsPerBatch))
      await send({ kind: 'decisions', items })
    const trail = await auditTrailOf(db, caseId).toArray()
    for (const items of inBatches(trail, recordsPerBatch)) await send({ kind: 'auditTrail', items })
    return await call('evidence.finishExport', { exportId })
  } catch (error) {
    await call('evidence.abortExport', { exportId }).catch(() => undefined)
    throw error
  }
}
