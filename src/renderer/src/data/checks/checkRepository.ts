import type { CryptoSearchResult } from '../../../../shared/bridge/cryptoContract'
import type { EnvironmentId } from '../../../../shared/environments'
import {
  onAppDatabase,
  type AppDatabase,
  type CheckRecord,
  type StoredCheck,
} from '../database/appDatabase'
import { isStoredCheck } from '../database/storedCheck'
import { checkSearchTerms } from './checkSearchTerms'

/** A check's key: its fetch time first, so keys sort by time, then the request id for uniqueness. */
export const storedCheckKey = (fetchedAt: string, requestId: string): string =>
  `${fetchedAt}_${requestId}`

export function toStoredCheck(
  requestId: string,
  query: string,
  queryKey: string,
  result: CryptoSearchResult,
  advancedSearch?: Record<string, string>,
  /** History's search entries when given (a placeholder, to be derived later); else derived now. */
  searchTerms?: string[],
): StoredCheck {
  return {
    outcome: 'succeeded',
    localId: storedCheckKey(result.evidence.startedAt, requestId),
    requestId,
    environment: result.environment,
    query,
    queryKey,
    ...(advancedSearch ? { advancedSearch } : {}),
    fetchedAt: result.evidence.startedAt,
    status: result.check.status,
    totalEntity: result.check.totalEntity,
    hitCategories: Object.entries(result.check.categoryCount)
      .filter(([, count]) => count > 0)
      .map(([category]) => category),
    searchTerms: searchTerms ?? checkSearchTerms(query, result.check),
    check: result.check,
    evidence: result.evidence,
  }
}

export async function saveCheck(db: AppDatabase, check: StoredCheck): Promise<void> {
  await db.checks.put(check)
}

/**
 * The newest check or attempt of this identifier in this environment: what the money guard shows
 * first (an attempt whose outcome is unknown may have been billed too).
 */
export async function latestCheckOf(
  db: AppDatabase,
  environment: EnvironmentId,
  queryKey: string,
): Promise<CheckRecord | undefined> {
  return db.checks
    .where('[environment+queryKey+fetchedAt]')
    .between([environment, queryKey, ''], [environment, queryKey, '\uffff'])
    .last()
}

const changeLinkedEntities = (
  db: AppDatabase,
  checkKey: string,
  change: (linked: string[]) => string[],
): Promise<number> =>
  db.checks
    .where(':id')
    .equals(checkKey)
    .modify((check) => {
      check.linkedEntityIds = change(check.linkedEntityIds ?? [])
    })

/** Links a check to an entity of the same environment; linking twice changes nothing. */
export async function linkCheckToEntity(
  db: AppDatabase,
  checkKey: string,
  entityId: string,
): Promise<void> {
  await changeLinkedEntities(db, checkKey, (linked) => [...new Set([...linked, entityId])])
}

export async function unlinkCheckFromEntity(
  db: AppDatabase,
  checkKey: string,
  entityId: string,
): Promise<void> {
  await changeLinkedEntities(db, checkKey, (linked) => linked.filter((id) => id !== entityId))
}

/** The checks linked to an entity in its environment, newest first. */
export async function checksLinkedTo(
  db: AppDatabase,
  environment: EnvironmentId,
  entityId: string,
): Promise<StoredCheck[]> {
  const linked = await db.checks.where('linkedEntityIds').equals(entityId).toArray()
  return linked
    .filter(isStoredCheck)
    .filter((check) => check.environment === environment)
    .sort((a, b) => b.localId.localeCompare(a.localId))
}

/** The check repository on the app's database. */
export const checkRepository = onAppDatabase({
  saveCheck,
  linkCheckToEntity,
  unlinkCheckFromEntity,
})

export { isStoredCheck } from '../database/storedCheck'
export {
  type CheckAttempt,
  type CheckOutcome,
  type CheckRecord,
  type StoredCheck,
} from '../database/appDatabase'
