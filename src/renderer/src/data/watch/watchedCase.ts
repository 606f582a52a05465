import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { lockReason } from '../cases/caseRules'
import { walletsOfCase, type CaseWallet } from '../cases/caseRescreen'
import { appDatabase } from '../database/appDatabase'

/**
 * A watched case as its watch re-screens it, with its wallets. Throws with a sentence when it
 * cannot be re-screened: gone from this computer, or closed to changes.
 */
export async function watchedCase(
  caseId: string,
): Promise<{ caseRecord: CaseRecord; wallets: CaseWallet[] }> {
  const caseRecord = await appDatabase.cases.get(caseId)
  if (!caseRecord) throw new Error('This case is no longer on this computer.')
  const locked = lockReason(caseRecord)
  if (locked) throw new Error(locked)
  return { caseRecord, wallets: await walletsOfCase(appDatabase, caseRecord) }
}
