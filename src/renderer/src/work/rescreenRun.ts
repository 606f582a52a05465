import { bridgeErrorNames } from '../../../shared/bridge'
import { BridgeCallError, errorMessage } from '../bridge/bridgeClient'
import { nextStepAfter, sendFailureOf } from '../data/requests/failurePolicy'
import type {
  RescreenOutcome,
  RescreenSteps,
  RescreenWallet,
} from '../data/rescreen/rescreenWallets'

/**
 * The one policy's next step after a wallet's check failed (see failurePolicy): the run goes on
 * past a wallet whose check is over; anything else (a refused key, plan, balance or storage, the
 * run's allowance, a service out of reach or asking to slow down) would stop the next check too.
 * A run has no waiting of its own: it stops, keeping what it found, and a person runs it again.
 */
const stepAfter = (error: unknown) => nextStepAfter(sendFailureOf(error))

/**
 * Checks each wallet again, one after the other, and keeps each later check with its difference.
 * An answer that says the key, the plan, the balance or the run's allowance stands in the way, or
 * that the service is out of reach, stops the run, as does `stop`; the wallets after it are left
 * as they were.
 */
export async function rescreenWallets<Wallet extends RescreenWallet>(
  steps: RescreenSteps<Wallet>,
  wallets: readonly Wallet[],
  onOutcome: (outcome: RescreenOutcome<Wallet>, index: number) => void,
  stop?: AbortSignal,
): Promise<Array<RescreenOutcome<Wallet>>> {
  const outcomes: Array<RescreenOutcome<Wallet>> = wallets.map((wallet) => ({
    wallet,
    kind: 'notRun',
  }))
  for (const [index, wallet] of wallets.entries()) {
    if (stop?.aborted) break
    try {
      const laterId = await steps.check(wallet)
      const difference = await steps.record(wallet, laterId)
      outcomes[index] = { wallet, kind: 'done', laterId, difference }
    } catch (error) {
      const step = stepAfter(error)
      const atCap =
        step.kind === 'cap' &&
        error instanceof BridgeCallError &&
        error.name === bridgeErrorNames.budgetReached
      outcomes[index] = {
        wallet,
        kind: 'failed',
        message: errorMessage(error),
        ...(atCap ? { atCap } : {}),
      }
      onOutcome(outcomes[index], index)
      if (step.kind !== 'settle') break
      continue
    }
    onOutcome(outcomes[index], index)
  }
  return outcomes
}
