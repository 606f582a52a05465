import type { CryptoSearchResult } from '../../../../shared/bridge/cryptoContract'
import type { EnvironmentId } from '../../../../shared/environments'
import type { AppDatabase, StoredCheck } from '../../db/appDatabase'

const wordsOf = (value: unknown, into: Set<string>): void => {
  if (typeof value === 'string') {
    for (const word of value.toLowerCase().split(/[\s,;:()"']+/)) if (word) into.add(word)
  } else if (Array.isArray(value)) {
    for (const item of value) wordsOf(item, into)
  }
}

const searchedFields = ['title', 'publicKey', 'datasets', 'topics', 'alias'] as const

/** The words History's free-text filter finds a check by: its identifier and its records' titles, keys, datasets and topics. */
export function checkSearchTerms(query: string, result: CryptoSearchResult): string[] {
  const terms = new Set<string>()
  wordsOf(query, terms)
  for (const records of Object.values(result.check.categories)) {
    for (const record of records) for (const field of searchedFields) wordsOf(record[field], terms)
  }
  return [...terms]
}

/** A check's key: its fetch time first, so keys sort by time, then the request id for uniqueness. */
export const storedCheckKey = (fetchedAt: string, requestId: string): string =>
  `${fetchedAt}_${requestId}`

export function toStoredCheck(
  requestId: string,
  query: string,
  queryKey: string,
  result: CryptoSearchResult,
  advancedSearch?: Record<string, string>,
): StoredCheck {
  return {
    localId: storedCheckKey(result.evidence.startedAt, requestId),
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
    searchTerms: checkSearchTerms(query, result),
    check: result.check,
    evidence: result.evidence,
  }
}

export async function saveCheck(db: AppDatabase, check: StoredCheck): Promise<void> {
  await db.checks.put(check)
}

/** The newest check of this identifier in this environment: what the money guard shows first. */
export async function latestCheckOf(
  db: AppDatabase,
  environment: EnvironmentId,
  queryKey: string,
): Promise<StoredCheck | undefined> {
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
    .filter((check) => check.environment === environment)
    .sort((a, b) => b.localId.localeCompare(a.localId))
}
