import {
  checkDifference,
  isMaterial,
  type CheckDifference,
} from '../../../../shared/records/checkDifference'
import type { EnvironmentId } from '../../../../shared/environments'
import {
  onAppDatabase,
  type AppDatabase,
  type StoredCheck,
  type WatchChange,
} from '../database/appDatabase'
import { isStoredCheck } from '../database/storedCheck'

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
 * The inbox's record of what changed from one check of a wallet to a later one, when it is
 * material (new or removed hits); undefined when nothing an investigator must look at again
 * changed.
 */
export function materialChange(
  earlier: StoredCheck,
  later: StoredCheck,
  difference: CheckDifference,
  caseIds: string[],
  now: Date,
): WatchChange | undefined {
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

/** The material change from one check of a wallet to a later one, read from the database. */
export async function changeBetween(
  db: AppDatabase,
  earlierId: string,
  laterId: string,
  caseIds: string[],
  now: Date = new Date(),
): Promise<WatchChange | undefined> {
  const [earlier, later] = await db.checks.bulkGet([earlierId, laterId])
  if (!earlier || !later || !isStoredCheck(earlier) || !isStoredCheck(later)) return undefined
  return materialChange(earlier, later, checkDifference(earlier.check, later.check), caseIds, now)
}

export const walletChanges = onAppDatabase({ latestAnsweredCheckOf, changeBetween })
