import { describeAddressCheck, validateAddress } from '../../../../shared/address'
import { isBilledEnvironment, type EnvironmentId } from '../../../../shared/environments'
import { bridgeErrorNames } from '../../../../shared/bridge'
import type {
  CheckPurpose,
  CryptoSearchResult,
  Pace,
} from '../../../../shared/bridge/cryptoContract'
import {
  BridgeCallError,
  callBridge,
  errorMessage,
  hostLostMidCall,
} from '../../bridge/bridgeClient'
import { appDatabase, type CheckAttempt, type StoredCheck } from '../database/appDatabase'
import { collectRequests } from '../requests/journalClient'
import { holdingRequest } from '../requests/requestOwnership'
import { nextStepAfter } from '../requests/failurePolicy'
import { answeredRecordOf, beginAttempt, dropPendingAttempt, settleAttempt } from './checkAttempts'

export interface CheckRequest {
  requestId: string
  query: string
  environment: EnvironmentId
  advancedSearch?: Record<string, string>
  atMostOnce?: boolean
  /** The record's key, when the caller needs one it can know in advance (a queued check). */
  localId?: string
  /**
   * A queued check is its outbox item's to record while it waits: an attempt that provably never
   * left and will be sent again on its own leaves no row of its own in History.
   */
  queued?: boolean
  /** Queued work (`background`) waits behind a person's searches in the main side's rate limiter. */
  pace?: Pace
  /** What it is for: the main side decides by it whether it may be billed (a person's search when absent). */
  purpose?: CheckPurpose
  /** The bulk job a `bulk` check belongs to: the main side counts it against that job's cap. */
  jobId?: string
}

/**
 * This computer's storage (IndexedDB) refused to record a check, said as a StorageError whose
 * sentence says what did happen: its attempt was refused, so nothing was sent; or its end was,
 * and the main side's journal keeps the reply until recovery can store it. `answer` is the
 * service's answer that could not be stored, for the screen to show all the same.
 */
export class CheckNotRecordedError extends BridgeCallError {
  constructor(
    message: string,
    mayHaveReachedService: boolean,
    readonly answer?: StoredCheck,
  ) {
    super({ name: bridgeErrorNames.storage, message, mayHaveReachedService })
  }
}

/** The browser's own error, under what Dexie made of it (Dexie keeps it as `inner`). */
function browserErrorOf(error: unknown): unknown {
  let current = error
  while (current instanceof Error && 'inner' in current && current.inner instanceof Error)
    current = current.inner
  return current
}

/**
 * What this computer's storage did with a write it refused, and what a person can do. Want of
 * room (the origin's quota, or the disk under it, which Chromium names only in the message of an
 * UnknownError) is said as such; anything else in the browser's words.
 */
function refusalOf(error: unknown): { did: string; fix: string } {
  const refusal = browserErrorOf(error)
  const full =
    refusal instanceof Error &&
    (refusal.name === 'QuotaExceededError' || /NO_SPACE|no space left/i.test(refusal.message))
  return full
    ? { did: 'is full', fix: 'Free some disk space' }
    : { did: `refused to write (${errorMessage(refusal)})`, fix: 'Reload Compliance Desk' }
}

/** A write of the check's record that storage refused, as `say` words it. */
async function recorded<T>(
  write: Promise<T>,
  say: (refusal: { did: string; fix: string }) => CheckNotRecordedError,
): Promise<T> {
  try {
    return await write
  } catch (error) {
    throw say(refusalOf(error))
  }
}

/**
 * Runs one crypto check through the bridge, on the record from before it is sent to its end:
 * returns the saved check's key; throws BridgeCallError after recording the failure, or
 * CheckNotRecordedError when storage refused to record it. When the app's own host stopped
 * answering mid-call the attempt stays pending: only the main side's journal can say whether it
 * was sent. The caller collects the request once it has recorded everything else that depends on
 * it.
 */
export const executeCheck = (request: CheckRequest): Promise<string> =>
  // In hand from before its attempt is written until its end is: no recovery settles it meanwhile.
  holdingRequest(request.requestId, () => sendAndRecord(request))

async function sendAndRecord(typed: CheckRequest): Promise<string> {
  const { request, queryKey } = canonicalRequest(typed)
  // Nothing is sent unless its attempt is on the record first.
  const attempt = await recorded(
    beginAttempt(appDatabase, {
      requestId: request.requestId,
      environment: request.environment,
      query: request.query,
      queryKey,
      ...(request.advancedSearch ? { advancedSearch: request.advancedSearch } : {}),
      billed: isBilledEnvironment(request.environment),
      ...(request.localId ? { localId: request.localId } : {}),
      deferSearchTerms: request.pace === 'background',
    }),
    ({ did, fix }) =>
      new CheckNotRecordedError(
        `This computer’s storage for Compliance Desk ${did}, so the check was not sent: nothing was sent and nothing billed. ${fix}, then run it again.`,
        false,
      ),
  )
  // Answered already (a resend under the same key, read before the answer was stored): not sent.
  if (attempt.outcome !== 'pending') return attempt.localId
  let result: CryptoSearchResult
  try {
    result = await searchThroughBridge(request)
  } catch (error) {
    if (error instanceof BridgeCallError) {
      await recorded(
        recordSendFailure(attempt, error, request.queued === true),
        ({ did, fix }) =>
          new CheckNotRecordedError(
            `${error.message} History could not record this: this computer’s storage ${did}. ${fix}.`,
            error.mayHaveReachedService,
          ),
      )
    }
    throw error
  }
  await recorded(
    settleAttempt(appDatabase, attempt, { kind: 'answered', result }),
    ({ did, fix }) =>
      new CheckNotRecordedError(
        `The service answered (it may have been billed) but this computer could not store the answer: its storage ${did}. ${fix}: History records the answer then, without running the check again.`,
        true,
        answeredRecordOf(attempt, result),
      ),
  )
  return attempt.localId
}

/**
 * The request with its identifier in canonical form (what is sent and recorded as its query) and
 * the key its check is stored under; throws a ValidationError, before anything is recorded or
 * sent, for text that can be no identifier or an address that fails its checksum. Every check
 * goes through here: a person's search, the outbox, re-screens and watches (by `executeCheck`)
 * and bulk jobs (by `searchThroughBridge`).
 */
function canonicalRequest(request: CheckRequest): { request: CheckRequest; queryKey: string } {
  const check = validateAddress(request.query)
  if (!check.valid) {
    throw new BridgeCallError({
      name: bridgeErrorNames.validation,
      message: describeAddressCheck(check),
      mayHaveReachedService: false,
    })
  }
  return { request: { ...request, query: check.query }, queryKey: check.normalized }
}

/**
 * Sends one crypto check to the main side, which decides whether it may go (and be billed), with
 * its identifier in canonical form: a bulk job's rows come here without `executeCheck`.
 */
export const searchThroughBridge = async (typed: CheckRequest): Promise<CryptoSearchResult> => {
  // Inside the promise: a refusal is a rejection, as the bridge's own are.
  const { request } = canonicalRequest(typed)
  return callBridge('crypto.search', {
    requestId: request.requestId,
    query: request.query,
    isSubjectConsent: true,
    type: 'all',
    environment: request.environment,
    ...(request.atMostOnce ? { atMostOnce: true } : {}),
    ...(request.pace ? { pace: request.pace } : {}),
    ...(request.purpose ? { purpose: request.purpose } : {}),
    ...(request.jobId ? { jobId: request.jobId } : {}),
    ...(request.advancedSearch ? { advancedSearch: request.advancedSearch } : {}),
  })
}

/**
 * Records why an attempt's send failed. An attempt that provably never left and waits to be sent
 * again (`queued`), or that the user's own budget refused, leaves no row; one the app's own host
 * stopped answering stays pending, for the journal to settle.
 */
export async function recordSendFailure(
  attempt: CheckAttempt,
  error: unknown,
  queued: boolean,
): Promise<void> {
  if (!(error instanceof BridgeCallError)) return
  if ((queued && waitsToBeSentAgain(error)) || refusedByOwnBudget(error)) {
    await dropPendingAttempt(appDatabase, attempt)
  } else if (!hostLostMidCall(error)) {
    await settleAttempt(appDatabase, attempt, { kind: 'failed', error: error.toBridgeError() })
  }
}

/**
 * A check a person runs now: once its outcome is recorded the journal may forget it. A call the
 * host stopped answering stays in the journal, for recovery to settle.
 */
export async function runCheck(request: CheckRequest): Promise<string> {
  const forget = (): void => void collectRequests([request.requestId]).catch(() => {})
  try {
    const localId = await executeCheck(request)
    forget()
    return localId
  } catch (error) {
    if (endRecorded(error)) forget()
    throw error
  }
}

/**
 * Whether a failed check's end is on the record, so the journal may forget its request: not when
 * the app's own host stopped answering mid-call, nor when this computer could not store the end
 * (the journal keeps the reply, for recovery to store).
 */
export const endRecorded = (error: unknown): boolean =>
  error instanceof BridgeCallError &&
  !hostLostMidCall(error) &&
  !(error instanceof CheckNotRecordedError)

/**
 * Provably not sent, and sent again later: on its own (a wait, see failurePolicy), or once a person
 * raises the cap the main side refused it at.
 */
const waitsToBeSentAgain = (error: BridgeCallError): boolean =>
  ['wait', 'cap'].includes(nextStepAfter(error).kind)

/**
 * Refused on this computer, before sending, by the user's own budget (a job's or a re-screen's cap,
 * the scheduled re-screens' opt-in or monthly cap): no attempt at the service, so no row in
 * History. The run that asked says why; a watch due daily would otherwise add a failed row a day.
 */
const refusedByOwnBudget = (error: BridgeCallError): boolean => nextStepAfter(error).kind === 'cap'
