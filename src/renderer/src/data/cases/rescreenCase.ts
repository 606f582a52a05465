import { bridgeErrorNames } from '../../../../shared/bridge'
import type { CheckPurpose } from '../../../../shared/bridge/cryptoContract'
import { isBilledEnvironment } from '../../../../shared/environments'
import { BridgeCallError, errorMessage, isUnreachable } from '../../bridge/bridgeClient'
import type { CaseActions } from './useCaseActions'
import type { CaseWallet } from './caseRescreen'
import type { RescreenRecord } from './caseRescreen'
import { runCheck } from '../checks/executeCheck'

export type RescreenOutcome =
  | { wallet: CaseWallet; kind: 'done'; record: RescreenRecord }
  | { wallet: CaseWallet; kind: 'failed'; message: string }
  | { wallet: CaseWallet; kind: 'notRun' }

/** Refusals of the main side that hold for every billed check of a scheduled run. */
const allowanceRefusals = new Set<string>([
  bridgeErrorNames.notOptedIn,
  bridgeErrorNames.budgetReached,
])

/**
 * Answers that say the next check would fare no better: the key, the plan or the balance, the
 * allowance of scheduled checks, or a service out of reach.
 */
const stopsTheRun = (error: unknown): boolean =>
  error instanceof BridgeCallError &&
  ([401, 402, 403].includes(error.status ?? 0) ||
    isUnreachable(error.name) ||
    allowanceRefusals.has(error.name))

/**
 * Checks each wallet of a case again, one after the other, and puts each later check on the case
 * with its difference. A billed check is sent at most once; an answer that says the key, the plan
 * or the balance stands in the way, or that the service is out of reach, stops the run, and the
 * wallets after it are left as they were.
 */
export async function rescreenCase(
  actions: Pick<CaseActions, 'recordRescreen'>,
  caseId: string,
  wallets: readonly CaseWallet[],
  /** A person's re-screen (`rescreen`) or a watch's (`watch`): the main side decides what each may spend. */
  purpose: Extract<CheckPurpose, 'rescreen' | 'watch'>,
  onOutcome: (outcome: RescreenOutcome, index: number) => void,
): Promise<RescreenOutcome[]> {
  const outcomes: RescreenOutcome[] = wallets.map((wallet) => ({ wallet, kind: 'notRun' }))
  for (const [index, wallet] of wallets.entries()) {
    try {
      const laterId = await runCheck({
        requestId: crypto.randomUUID(),
        query: wallet.query,
        environment: wallet.environment,
        atMostOnce: isBilledEnvironment(wallet.environment),
        // A person's single search goes ahead of a case's wallets.
        pace: 'background',
        purpose,
      })
      const record = await actions.recordRescreen(caseId, {
        earlierId: wallet.latest.localId,
        laterId,
      })
      outcomes[index] = { wallet, kind: 'done', record }
    } catch (error) {
      outcomes[index] = { wallet, kind: 'failed', message: errorMessage(error) }
      onOutcome(outcomes[index], index)
      if (stopsTheRun(error)) break
      continue
    }
    onOutcome(outcomes[index], index)
  }
  return outcomes
}
