import type { BridgeError } from '../../../../shared/bridge/errors'
import type { CryptoSearchResult } from '../../../../shared/bridge/cryptoContract'
import type { EnvironmentId } from '../../../../shared/environments'
import {
  onAppDatabase,
  type AppDatabase,
  type CheckAttempt,
  type CheckRecord,
  type StoredCheck,
} from '../database/appDatabase'
import { searchTermsOf } from './checkSearchTerms'
import { isStoredCheck } from '../database/storedCheck'
import { isAwaitingTerms, termsPending } from './deferredSearchTerms'
import { storedCheckKey, toStoredCheck } from './checkRepository'

export interface AttemptStart {
  requestId: string
  environment: EnvironmentId
  query: string
  queryKey: string
  advancedSearch?: Record<string, string>
  billed: boolean
  /** The record's key; by default the time it is asked for and the request id. */
  localId?: string
  /**
   * Background work (a bulk job, the outbox, a re-screen) leaves History's search entries to be
   * derived a batch at a time (see deferredSearchTerms): a single write observed with dozens of
   * index keys made every live query in the page merge each of them, check after check.
   */
  deferSearchTerms?: boolean
}

/** What became of an attempt, once known. */
export type AttemptEnd =
  | { kind: 'answered'; result: CryptoSearchResult }
  | { kind: 'failed'; error: BridgeError }
  /** The main side's journal says nothing of it left this machine. */
  | { kind: 'notSent' }
  /** It may have reached the service and no answer was recorded. */
  | { kind: 'cutOff' }

/** The record of an attempt not yet answered, as it is written before the request is sent. */
export function attemptRecordOf(start: AttemptStart, now: Date = new Date()): CheckAttempt {
  const at = now.toISOString()
  return {
    outcome: 'pending',
    localId: start.localId ?? storedCheckKey(at, start.requestId),
    requestId: start.requestId,
    environment: start.environment,
    query: start.query,
    queryKey: start.queryKey,
    ...(start.advancedSearch ? { advancedSearch: start.advancedSearch } : {}),
    fetchedAt: at,
    billed: start.billed,
    searchTerms: start.deferSearchTerms ? [termsPending] : searchTermsOf([start.query]),
  }
}

/**
 * Written before the request is sent, so a check cut off by anything is still on the record. A
 * resend under the same key (a queued check, a bulk job's address) whose answer is already on
 * record leaves it as it is and returns it: that check is answered, and is not sent again.
 */
export async function beginAttempt(
  db: AppDatabase,
  start: AttemptStart,
  now: Date = new Date(),
): Promise<CheckAttempt | StoredCheck> {
  const attempt = attemptRecordOf(start, now)
  return db.transaction('rw', db.checks, async () => {
    const current = await db.checks.get(attempt.localId)
    if (current && isStoredCheck(current)) return current
    await db.checks.put(attempt)
    return attempt
  })
}

/** An answered attempt's record, under the attempt's key so History shows one row for it. */
export function answeredRecordOf(attempt: CheckAttempt, result: CryptoSearchResult): StoredCheck {
  const { localId, requestId, query, queryKey, advancedSearch } = attempt
  return {
    ...toStoredCheck(
      requestId,
      query,
      queryKey,
      result,
      advancedSearch,
      // An attempt whose entries were left to be derived leaves those of its outcome too.
      isAwaitingTerms(attempt) ? [termsPending] : undefined,
    ),
    localId,
  }
}

const cutOffMessage = (billed: boolean): string =>
  `Compliance Desk stopped while this check was being sent: it may have run${billed ? ' and been billed' : ''}, and no answer was kept. Look at your account before running it again.`

const notSentMessage = (billed: boolean): string =>
  `Compliance Desk stopped before this check left this computer: nothing was sent${billed ? ' and nothing was billed' : ''}. Run it again.`

/**
 * Whether `end` may replace what History holds of the attempt: an attempt's state only moves
 * forward. An answer is final, and is what happened whatever was written before it (a late reply
 * the journal kept); any other end only ends a pending attempt of this very request.
 */
export function mayMoveTo(
  current: CheckRecord | undefined,
  requestId: string,
  answered: boolean,
): boolean {
  if (current === undefined || current.requestId !== requestId) return false
  if (current.outcome === 'succeeded') return false
  return answered || current.outcome === 'pending'
}

/** Records what became of an attempt under the same key, so History shows one row for it. */
export async function settleAttempt(
  db: AppDatabase,
  attempt: CheckAttempt,
  end: AttemptEnd,
): Promise<void> {
  const record = endRecordOf(attempt, end)
  await db.transaction('rw', db.checks, async () => {
    const current = await db.checks.get(attempt.localId)
    if (mayMoveTo(current, attempt.requestId, end.kind === 'answered')) await db.checks.put(record)
  })
}

/** Removes an attempt still pending (one that provably never left and will be sent again). */
export async function dropPendingAttempt(db: AppDatabase, attempt: CheckAttempt): Promise<void> {
  await db.checks
    .where('localId')
    .equals(attempt.localId)
    .and((current) => current.outcome === 'pending' && current.requestId === attempt.requestId)
    .delete()
}

/** The record of an attempt's end, under the attempt's key. */
function endRecordOf(attempt: CheckAttempt, end: AttemptEnd): CheckRecord {
  if (end.kind === 'answered') return answeredRecordOf(attempt, end.result)
  const deferred = isAwaitingTerms(attempt)
  const { localId, requestId, environment, query, queryKey, advancedSearch, fetchedAt } = attempt
  const base = {
    localId,
    requestId,
    environment,
    query,
    queryKey,
    ...(advancedSearch ? { advancedSearch } : {}),
    fetchedAt,
    billed: attempt.billed,
    searchTerms: attempt.searchTerms,
  }
  if (end.kind === 'failed') {
    const { name, message, status, evidence } = end.error
    return {
      ...base,
      outcome: end.error.mayHaveReachedService ? 'unknown' : 'failed',
      error: { name, message, ...(status === undefined ? {} : { status }) },
      ...(evidence ? { evidence } : {}),
      searchTerms: deferred ? [termsPending] : searchTermsOf([query, name]),
    }
  }
  return {
    ...base,
    ...(end.kind === 'notSent'
      ? {
          outcome: 'failed',
          error: { name: 'CancelledError', message: notSentMessage(attempt.billed) },
        }
      : {
          outcome: 'unknown',
          error: { name: 'OutcomeUnknownError', message: cutOffMessage(attempt.billed) },
        }),
  }
}

/** Pending attempts no journal of this computer can vouch for (restored from a backup). */
export async function cutOffPendingAttempts(db: AppDatabase): Promise<void> {
  for (const attempt of await pendingAttempts(db))
    await settleAttempt(db, attempt, { kind: 'cutOff' })
}

/** Attempts whose outcome this page has not learnt yet, oldest first. */
export const pendingAttempts = (db: AppDatabase): Promise<CheckAttempt[]> =>
  db.checks
    .where('[outcome+fetchedAt]')
    .between(['pending', ''], ['pending', '\uffff'])
    .toArray() as Promise<CheckAttempt[]>

export const checkAttemptRepository = onAppDatabase({
  beginAttempt,
  settleAttempt,
  dropPendingAttempt,
  pendingAttempts,
})
