import { isBilledEnvironment } from '../../../../shared/environments'
import { lockReason } from '../cases/caseRules'
import { caseRescreen, walletsOfCase } from '../cases/caseRescreen'
import { caseRescreenSteps } from '../cases/rescreenCase'
import { appDatabase, type WatchChange, type WatchRecord } from '../database/appDatabase'
import { checkAgain, rescreenWallets } from '../rescreen/rescreenWallets'
import { walletChanges } from './walletChanges'

export const billedWatchRefusal =
  'Watching in Production is not available yet: it needs a monthly budget the app does not keep yet. Re-screen Production wallets by hand.'

/** The changes one watch's re-screen found; throws with a sentence when it could not run. */
export type Screen = (watched: WatchRecord, now: Date) => Promise<WatchChange[]>

/** The real re-screen: a wallet through a new check, a case through its re-screen on the record. */
export const screenWatched: Screen = async (watched, now) => {
  if (watched.kind === 'wallet') {
    if (isBilledEnvironment(watched.environment)) throw new Error(billedWatchRefusal)
    const earlier = await walletChanges.latestAnsweredCheckOf(watched.environment, watched.queryKey)
    const laterId = await checkAgain(watched)
    if (!earlier) return []
    const change = await walletChanges.changeBetween(earlier.localId, laterId, [], now)
    return change ? [change] : []
  }
  const caseRecord = await appDatabase.cases.get(watched.caseId)
  if (!caseRecord) throw new Error('This case is no longer on this computer.')
  const locked = lockReason(caseRecord)
  if (locked) throw new Error(locked)
  const wallets = await walletsOfCase(appDatabase, caseRecord)
  if (wallets.some((wallet) => isBilledEnvironment(wallet.environment))) {
    throw new Error(billedWatchRefusal)
  }
  // The re-screen goes on the case's trail in the name of whoever set the watch up.
  const outcomes = await rescreenWallets(
    caseRescreenSteps(
      {
        recordRescreen: (caseId, checks) =>
          caseRescreen.recordRescreen(watched.createdBy, caseId, checks),
      },
      caseRecord.id,
    ),
    wallets,
    () => undefined,
  )
  const changes: WatchChange[] = []
  for (const outcome of outcomes) {
    if (outcome.kind === 'failed') throw new Error(outcome.message)
    if (outcome.kind !== 'done') continue
    const change = await walletChanges.changeBetween(
      outcome.wallet.latest.localId,
      outcome.laterId,
      [caseRecord.id],
      now,
    )
    if (change) changes.push(change)
  }
  return changes
}
