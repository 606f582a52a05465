import type { CheckPurpose } from '../../../../shared/bridge/cryptoContract'
import { isBilledEnvironment, type EnvironmentId } from '../../../../shared/environments'
import type { DifferenceKeys } from '../../../../shared/records/differenceWords'
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
