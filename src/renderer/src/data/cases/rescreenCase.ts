import { checkAgain, type RescreenPurpose, type RescreenSteps } from '../rescreen/rescreenWallets'
import type { CaseWallet } from './caseRescreen'
import type { CaseActions } from './useCaseActions'

/**
 * A case's re-screen: each later check joins the case beside the wallet's newest linked one, its
 * difference goes on the case's trail and decisions on records that came back are carried. A
 * person's re-screen (`rescreen`, its billed checks counted against the allowance `jobId` names)
 * or a watch's (`watch`): the main side decides what each may spend.
 */
export const caseRescreenSteps = (
  actions: Pick<CaseActions, 'recordRescreen'>,
  caseId: string,
  purpose: RescreenPurpose,
  jobId?: string,
): RescreenSteps<CaseWallet> => ({
  check: checkAgain(purpose, jobId),
  record: async (wallet, laterId) => {
    const record = await actions.recordRescreen(caseId, {
      earlierId: wallet.latest.localId,
      laterId,
    })
    return { ...record, carried: record.carried.length }
  },
})
