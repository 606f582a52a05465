import { checkDifference, isMaterial } from '../../../../shared/records/checkDifference'
import type { EnvironmentId } from '../../../../shared/environments'
import {
  isStoredCheck,
  onAppDatabase,
  type AppDatabase,
  type StoredCheck,
  type WatchChange,
} from '../database/appDatabase'

/**
 * The newest answered check of a wallet in an environment, or the one just before `before` (a
 * fetch time): what a re-screen is compared with.
 */
export async function latestAnsweredCheckOf(
  db: AppDatabase,
  environment: EnvironmentId,
  queryKey: string,
  before = '\uffff',
): Promise<StoredCheck | undefined> {
  const latest = await db.checks
    .where('[environment+queryKey+fetchedAt]')
    .between([environment, queryKey, ''], [environment, queryKey, before])
    .filter(isStoredCheck)
    .last()
  return latest && isStoredCheck(latest) ? latest : undefined
}

/**
 * The change from one check of a wallet to a later one, when it is material (new or removed
 * hits); undefined when nothing an investigator must look at again changed.
 */
export async function changeBetween(
  db: AppDatabase,
  earlierId: string,
  laterId: string,
  caseIds: string[],
  now: Date = new Date(),
): Promise<WatchChange | undefined> {
  const [earlier, later] = await db.checks.bulkGet([earlierId, laterId])
  if (!earlier || !later || !isStoredCheck(earlier) || !isStoredCheck(later)) return undefined
  const difference = checkDifference(earlier.check, later.check)
  if (!isMaterial(difference)) return undefined
  return {
    id: later.localId,
    at: now.toISOString(),
    state: 'new',
    environment: later.environment,
    query: later.query,
    queryKey: later.queryKey,
    earlier: { localId: earlier.localId, fetchedAt: earlier.fetchedAt },
    later: { localId: later.localId, fetchedAt: later.fetchedAt },
    added: difference.added.map((hit) => hit.hitKey),
    removed: difference.removed.map((hit) => hit.hitKey),
    caseIds,
  }
}

export const walletChanges = onAppDatabase({ latestAnsweredCheckOf, changeBetween })
