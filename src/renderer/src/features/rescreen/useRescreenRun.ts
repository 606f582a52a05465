import { useRef, useState } from 'react'
import { isBilledEnvironment, type EnvironmentId } from '../../../../shared/environments'
import { errorMessage } from '../../bridge/bridgeClient'
import {
  leftAtCap,
  type RescreenOutcome,
  type RescreenSteps,
  type RescreenWallet,
} from '../../data/rescreen/rescreenWallets'
import { allowJob } from '../../data/spending/spendingQueries'
import { rescreenWallets } from '../../work/rescreenRun'

/** How a run checks its wallets, its billed checks counted against the allowance `jobId` names. */
export type RescreenStepsFor<Wallet extends RescreenWallet> = (
  jobId: string | undefined,
) => RescreenSteps<Wallet>

/** The cap a person confirmed for a billed re-screen, as the main side has it on record. */
interface RescreenAllowance {
  jobId: string
  environment: EnvironmentId
  cap: number
}

/**
 * One re-screen a person runs in a dialog. A billed one puts its cap on record with the main side
 * before its first check, as a bulk job does: the main side refuses, unsent, every check past it.
 * Each wallet's outcome shows as it comes; a run its cap stopped goes on with the wallets it left
 * once the cap is raised, keeping what it found.
 */
export function useRescreenRun<Wallet extends RescreenWallet>(stepsFor: RescreenStepsFor<Wallet>) {
  const [outcomes, setOutcomes] = useState<Array<RescreenOutcome<Wallet>> | undefined>()
  const [running, setRunning] = useState(false)
  const [allowance, setAllowance] = useState<RescreenAllowance | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const stopper = useRef<AbortController | null>(null)

  /** Checks the wallets at `places` in `shown` again, each outcome shown as it comes. */
  const run = async (
    shown: Array<RescreenOutcome<Wallet>>,
    places: readonly number[],
    jobId: string | undefined,
  ): Promise<void> => {
    for (const place of places) shown[place] = { wallet: shown[place]!.wallet, kind: 'notRun' }
    stopper.current = new AbortController()
    setOutcomes([...shown])
    setRunning(true)
    await rescreenWallets(
      stepsFor(jobId),
      places.map((place) => shown[place]!.wallet),
      (outcome, index) => {
        shown[places[index]!] = outcome
        setOutcomes([...shown])
      },
      stopper.current.signal,
    )
    setRunning(false)
  }

  /** Puts a cap on record with the main side; false, with the refusal shown, when it was refused. */
  const allow = async (next: RescreenAllowance): Promise<boolean> => {
    try {
      await allowJob({ ...next, purpose: 'rescreen' })
    } catch (error) {
      setFailure(errorMessage(error))
      return false
    }
    setFailure(null)
    setAllowance(next)
    return true
  }

  return {
    outcomes,
    running,
    allowance,
    failure,
    /** Runs every wallet; `cap` is what billed checks may spend (unused when none is billed). */
    start: async (wallets: readonly Wallet[], cap: number | null): Promise<void> => {
      const billed = wallets.find((wallet) => isBilledEnvironment(wallet.environment))
      let jobId: string | undefined
      if (billed) {
        if (cap === null) return
        jobId = crypto.randomUUID()
        if (!(await allow({ jobId, environment: billed.environment, cap }))) return
      }
      await run(
        wallets.map((wallet) => ({ wallet, kind: 'notRun' })),
        wallets.map((_wallet, index) => index),
        jobId,
      )
    },
    /** Raises the cap that stopped the run, then goes on with the wallets it left. */
    raiseCap: async (cap: number): Promise<void> => {
      if (!allowance || !outcomes) return
      if (!(await allow({ ...allowance, cap }))) return
      await run([...outcomes], leftAtCap(outcomes), allowance.jobId)
    },
    stop: (): void => stopper.current?.abort(),
    reset: (): void => {
      setOutcomes(undefined)
      setAllowance(null)
      setFailure(null)
    },
  }
}
