import { bridgeErrorNames } from '../../../../shared/bridge'
import type { CheckPurpose } from '../../../../shared/bridge/cryptoContract'
import { isBilledEnvironment, type EnvironmentId } from '../../../../shared/environments'
import type { DifferenceKeys } from '../../../../shared/records/differenceWords'
import { BridgeCallError, errorMessage } from '../../bridge/bridgeClient'
import { nextStepAfter, sendFailureOf } from '../requests/failurePolicy'
import { runCheck } from '../checks/executeCheck'

/** A wallet to check again: one identifier in one environment. */
export interface RescreenWallet {
  environment: EnvironmentId
  query: string
  queryKey: string
}

export type RescreenOutcome<Wallet extends RescreenWallet = RescreenWallet> =
  | { wallet: Wallet; kind: 'done'; laterId: string; difference: DifferenceKeys }
  | {
      wallet: Wallet
      kind: 'failed'
      message: string
      /** Refused before it was sent, at the run's budget cap: it goes once the cap is raised. */
      atCap?: true
    }
  | { wallet: Wallet; kind: 'notRun' }

/** How one wallet is checked again, and where what the later check found is kept. */
export interface RescreenSteps<Wallet extends RescreenWallet = RescreenWallet> {
  /** Runs the later check; its key in History. */
  check: (wallet: Wallet) => Promise<string>
  /** Keeps the later check beside the earlier one (a case, the Changes inbox): the difference. */
  record: (wallet: Wallet, laterId: string) => Promise<DifferenceKeys>
}

/**
 * Who checks the wallets again: a person who started it (`rescreen`) or a watch (`watch`). The
 * main side decides by it what each check may spend.
 */
export type RescreenPurpose = Extract<CheckPurpose, 'rescreen' | 'watch'>

/**
 * The later check of a wallet, sent with its purpose through the main side's one rate limiter of
 * its environment, behind a person's single searches; a billed one is sent at most once. A
 * person's billed re-screen names `jobId`, the allowance the main side counts it against.
 */
export const checkAgain =
  (purpose: RescreenPurpose, jobId?: string) =>
  (wallet: RescreenWallet): Promise<string> =>
    runCheck({
      requestId: crypto.randomUUID(),
      query: wallet.query,
      environment: wallet.environment,
      atMostOnce: isBilledEnvironment(wallet.environment),
      pace: 'background',
      purpose,
      ...(jobId ? { jobId } : {}),
    })

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

/**
 * The wallets a run stopped at its cap did not check (the one refused at the cap and those after
 * it), by their place in the run: what it goes on with once the cap is raised. None when the run
 * did not stop at its cap.
 */
export const leftAtCap = (outcomes: readonly RescreenOutcome[]): number[] =>
  outcomes.some((outcome) => outcome.kind === 'failed' && outcome.atCap)
    ? outcomes.flatMap((outcome, index) =>
        outcome.kind === 'notRun' || (outcome.kind === 'failed' && outcome.atCap) ? [index] : [],
      )
    : []
