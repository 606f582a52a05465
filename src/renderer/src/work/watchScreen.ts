import { caseRescreen } from '../data/cases/caseRescreen'
import { caseRescreenSteps } from '../data/cases/rescreenCase'
import type { WatchChange, WatchRecord } from '../data/watch/watchRepository'
import { watchedCase } from '../data/watch/watchedCase'
import { checkAgain } from '../data/rescreen/rescreenWallets'
import { rescreenWallets } from './rescreenRun'
import { refreshScheduledAllowance } from '../data/spending/spendingQueries'
import { walletChanges } from '../data/watch/walletChanges'

/**
 * What one watch's re-screen found, and why it stopped short when it did (a case's run can stop
 * at a wallet after others were checked: what they found is kept). Throws with a sentence when it
 * could not run at all.
 */
export interface WatchRun {
  changes: WatchChange[]
  problem?: string
}

export type Screen = (watched: WatchRecord, now: Date) => Promise<WatchRun>

/**
 * The real re-screen: a wallet through a new check, a case through its re-screen on the record.
 * Every check goes as a watch's: whether a billed one may be sent is the main side's to decide,
 * and its refusal is this run's failure.
 */
export const screenWatched: Screen = async (watched, now) => {
  try {
    return await screen(watched, now)
  } finally {
    void refreshScheduledAllowance()
  }
}

const checkAgainForWatch = checkAgain('watch')

async function screen(watched: WatchRecord, now: Date): Promise<WatchRun> {
  if (watched.kind === 'wallet') {
    const earlier = await walletChanges.latestAnsweredCheckOf(watched.environment, watched.queryKey)
    const laterId = await checkAgainForWatch(watched)
    if (!earlier) return { changes: [] }
    const change = await walletChanges.changeBetween(earlier.localId, laterId, [], now)
    return { changes: change ? [change] : [] }
  }
  const { caseRecord, wallets } = await watchedCase(watched.caseId)
  // The re-screen goes on the case's trail in the name of whoever set the watch up.
  const outcomes = await rescreenWallets(
    caseRescreenSteps(
      {
        recordRescreen: (caseId, checks) =>
          caseRescreen.recordRescreen(watched.createdBy, caseId, checks),
      },
      caseRecord.id,
      'watch',
    ),
    wallets,
    () => undefined,
  )
  const changes: WatchChange[] = []
  const failed = outcomes.find((outcome) => outcome.kind === 'failed')
  for (const outcome of outcomes) {
    if (outcome.kind !== 'done') continue
    const change = await walletChanges.changeBetween(
      outcome.wallet.latest.localId,
      outcome.laterId,
      [caseRecord.id],
      now,
    )
    if (change) changes.push(change)
  }
  return failed ? { changes, problem: `${failed.wallet.query}: ${failed.message}` } : { changes }
}
