import type { BridgeInput, BridgeMethod, BridgeOutput } from '../../../../shared/bridge'
import {
  checkEvidenceOf,
  type ExportedCheck,
  type ExportPart,
} from '../../../../shared/bridge/evidenceContract'
import { actorOfSigner } from '../../../../shared/identity/investigator'
import { onAppDatabase, type AppDatabase } from '../database/appDatabase'
import { CaseRuleError } from './caseErrors'
import { recordExport } from './caseRepository'
import { auditTrailOf } from './caseReads'
import { readCaseChecks, readCaseEntities } from './caseReads'
import { countOf, noun } from '../../../../shared/text/counting'

export type BridgeCaller = <M extends BridgeMethod>(
  method: M,
  input: BridgeInput<M>,
) => Promise<BridgeOutput<M>>

export type FinishedExport = BridgeOutput<'evidence.finishExport'>

/** Checks read from IndexedDB at a time. Fewer, larger calls: each call costs a round trip. */
const checksPerRead = 200
/**
 * A bridge call carries at most about this much (a check's raw answer travels base64-encoded;
 * its parsed check stays here, as the main side reads it from the raw answer), well under the
 * browser host's 16 MiB limit, whatever the answers weigh.
 */
const bytesPerCall = 4 * 1024 * 1024
const recordsPerBatch = 1000

/** Splits checks into calls of at most `bytesPerCall`, by the size of their raw answers. */
function byWeight(checks: ExportedCheck[]): ExportedCheck[][] {
  const calls: ExportedCheck[][] = []
  let current: ExportedCheck[] = []
  let weight = 0
  for (const check of checks) {
    const checkWeight = check.evidence.response.bodyBase64.length
    if (current.length > 0 && weight + checkWeight > bytesPerCall) {
      calls.push(current)
      current = []
      weight = 0
    }
    current.push(check)
    weight += checkWeight
  }
  if (current.length > 0) calls.push(current)
  return calls
}

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
  // A bundle's signature vouches for the whole trail; a trail restored from a backup no trusted
  // key signed cannot be vouched for, and a mark inside a signed bundle is easily overlooked.
  if (caseRecord.restoredUntrusted) {
    throw new CaseRuleError(
      `This case was restored from an untrusted backup (“${caseRecord.restoredUntrusted.fileName}”), so it cannot be exported under your signature: its history cannot be vouched for. Restore a backup signed by you or a trusted colleague, or open a new case and check again.`,
    )
  }
  const { exportId } = await call('evidence.beginExport', { case: caseRecord })
  const send = (part: ExportPart) => call('evidence.addToExport', { exportId, part })
  try {
    const total = caseRecord.checkIds.length
    const read = (start: number) => {
      const reading = readCaseChecks(db, caseRecord, start, checksPerRead)
      reading.catch(() => undefined)
      return reading
    }
    // The next checks are read from IndexedDB while the current ones are being written.
    let next = read(0)
    for (let start = 0; start < total; start += checksPerRead) {
      const { checks, missing } = await next
      if (missing.length > 0) {
        throw new CaseRuleError(
          `${countOf(missing.length, noun('linked check'))} ${missing.length === 1 ? 'is' : 'are'} no longer on this computer, so the bundle would be incomplete. Unlink ${missing.length === 1 ? 'it' : 'them'} first.`,
        )
      }
      if (start + checksPerRead < total) next = read(start + checksPerRead)
      for (const batch of byWeight(checks)) {
        await send({ kind: 'checks', items: batch.map(checkEvidenceOf) })
      }
      onProgress(Math.min(start + checksPerRead, total), total)
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
    const finished = await call('evidence.finishExport', { exportId })
    await recordExport(db, actorOfSigner(finished.signer), caseId, {
      fileName: finished.fileName,
      sha256: finished.sha256,
      bytes: finished.bytes,
    })
    return finished
  } catch (error) {
    await call('evidence.abortExport', { exportId }).catch(() => undefined)
    throw error
  }
}

/** Export from the app's database. */
export const caseExport = onAppDatabase({ exportCase })
