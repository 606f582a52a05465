import { checkDifference, differenceKeys } from '../../../../shared/records/checkDifference'
import type { DifferenceKeys } from '../../../../shared/records/differenceWords'
import { appDatabase, type AppDatabase } from '../database/appDatabase'
import { isStoredCheck } from '../database/storedCheck'
import { latestAnsweredCheckOf, materialChange } from '../watch/walletChanges'
import { recordChange } from '../watch/watchRepository'
import { checkAgain, type RescreenSteps, type RescreenWallet } from './rescreenWallets'

/**
 * The wallets of some checks (History's selected rows, a bulk job's results), each identifier
 * once per environment. Only answered checks name one: a difference needs an answer to compare.
 */
export async function walletsOfChecks(
  db: AppDatabase,
  localIds: readonly string[],
): Promise<RescreenWallet[]> {
  const wallets = new Map<string, RescreenWallet>()
  for (const check of await db.checks.bulkGet([...localIds])) {
    if (!check || !isStoredCheck(check)) continue
    const key = `${check.environment}|${check.queryKey}`
    if (wallets.has(key)) continue
    wallets.set(key, {
      environment: check.environment,
      query: check.query,
      queryKey: check.queryKey,
    })
  }
  return [...wallets.values()]
}

/**
 * A later check of a wallet re-screened outside a case: its difference from the answered check
 * just before it in the same environment. A material change goes to the Changes inbox, as a
 * watch's does, so new and removed hits are found in one place.
 */
export async function recordListRescreen(
  db: AppDatabase,
  laterId: string,
  now: Date = new Date(),
): Promise<DifferenceKeys> {
  const later = await db.checks.get(laterId)
  if (!later || !isStoredCheck(later)) {
    throw new Error('The later check is not an answered check on this computer.')
  }
  const earlier = await latestAnsweredCheckOf(
    db,
    later.environment,
    later.queryKey,
    later.fetchedAt,
  )
  if (!earlier)
    throw new Error('There is no earlier answered check of this wallet to compare with.')
  const difference = checkDifference(earlier.check, later.check)
  const change = materialChange(earlier, later, difference, [], now)
  if (change) await recordChange(db, change)
  return differenceKeys(difference)
}

/**
 * A re-screen a person started of wallets that belong to no case: its changes go to the Changes
 * inbox. Its billed checks count against the allowance `jobId` names.
 */
export const listRescreenSteps = (jobId?: string): RescreenSteps => ({
  check: checkAgain('rescreen', jobId),
  record: (_wallet, laterId) => recordListRescreen(appDatabase, laterId),
})
