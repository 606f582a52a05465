import { bridgeErrorNames, type BridgeErrorName } from '../../../../shared/bridge'
import { BridgeCallError, errorMessage } from '../../bridge/bridgeClient'

/** A failed send as a runner sees it: the bridge's error, or what a runner made of a throw. */
export interface SendFailure {
  name: BridgeErrorName
  message: string
  /** Decided on the main side: whether the request may have reached the service. */
  mayHaveReachedService: boolean
  retryAfterS?: number | undefined
}

/**
 * A failed send as the policy reads it: the bridge's error, or anything else thrown in the page,
 * which came after the answer came back (e.g. while storing it): it was sent.
 */
export const sendFailureOf = (error: unknown): SendFailure =>
  error instanceof BridgeCallError
    ? error
    : { name: bridgeErrorNames.internal, message: errorMessage(error), mayHaveReachedService: true }

/** What stands in the way of every later send of the run, until a person acts. */
export type Obstacle = 'key' | 'plan' | 'funds' | 'storage' | 'keychain' | 'page'

/**
 * What a failed send means for queued work (the outbox, a bulk job, a re-screen, a watch's run):
 * - `recover`: the app's own host stopped answering after the call may have reached it: only the
 *   main side's journal can say whether it left; recovery settles it;
 * - `wait`: provably not done, for a reason that passes by itself (a rate limit, a service or
 *   host out of reach): it is sent again later, on its own;
 * - `stop`: provably not done, and the next send would fare no better until a person acts on
 *   `obstacle`: the run stops there, keeping what it did;
 * - `cap`: refused unsent by the user's own allowance (a job's or re-screen's cap, the scheduled
 *   re-screens' opt-in or monthly cap): the run stops until the cap is raised;
 * - `settle`: this one is over (`failed`: provably not done; `unknown`: it may have been done and
 *   billed, so it is never sent again without a person); the run goes on with the next.
 */
export type NextStep =
  | { kind: 'recover' }
  | { kind: 'wait'; ms: number; why: 'slowDown' | 'unreachable' }
  | { kind: 'stop'; obstacle: Obstacle }
  | { kind: 'cap' }
  | { kind: 'settle'; outcome: 'failed' | 'unknown' }

/** How long queued work waits for a service (or host) out of reach before trying again. */
export const unreachableWaitMs = 5_000

const over = (failure: SendFailure): NextStep => ({
  kind: 'settle',
  outcome: failure.mayHaveReachedService ? 'unknown' : 'failed',
})

/** Provably not done: `step`; otherwise it may have been, and is over. */
const ifNotSent = (failure: SendFailure, step: NextStep): NextStep =>
  failure.mayHaveReachedService ? over(failure) : step

/**
 * The one decision every runner takes after a failed send. Exhaustive over the closed set of
 * error names: a new name does not compile until it has its step here.
 */
export function nextStepAfter(failure: SendFailure): NextStep {
  switch (failure.name) {
    case bridgeErrorNames.rateLimited:
      return ifNotSent(failure, {
        kind: 'wait',
        ms: Math.max(1, failure.retryAfterS ?? 1) * 1000,
        why: 'slowDown',
      })
    case bridgeErrorNames.hostUnreachable:
      return failure.mayHaveReachedService
        ? { kind: 'recover' }
        : { kind: 'wait', ms: unreachableWaitMs, why: 'unreachable' }
    case bridgeErrorNames.serviceUnreachable:
      return ifNotSent(failure, { kind: 'wait', ms: unreachableWaitMs, why: 'unreachable' })
    case bridgeErrorNames.missingKey:
    case bridgeErrorNames.unauthorized:
      return ifNotSent(failure, { kind: 'stop', obstacle: 'key' })
    case bridgeErrorNames.forbidden:
      return ifNotSent(failure, { kind: 'stop', obstacle: 'plan' })
    case bridgeErrorNames.paymentRequired:
      return ifNotSent(failure, { kind: 'stop', obstacle: 'funds' })
    case bridgeErrorNames.storage:
      return ifNotSent(failure, { kind: 'stop', obstacle: 'storage' })
    case bridgeErrorNames.keychain:
      return ifNotSent(failure, { kind: 'stop', obstacle: 'keychain' })
    case bridgeErrorNames.pageNotAuthorised:
      return ifNotSent(failure, { kind: 'stop', obstacle: 'page' })
    case bridgeErrorNames.budgetReached:
    case bridgeErrorNames.notOptedIn:
      return ifNotSent(failure, { kind: 'cap' })
    case bridgeErrorNames.validation:
    case bridgeErrorNames.unknownMethod:
    case bridgeErrorNames.internal:
    case bridgeErrorNames.hostRefused:
    case bridgeErrorNames.unreadableReply:
    case bridgeErrorNames.unexpectedResponse:
    case bridgeErrorNames.notFound:
    case bridgeErrorNames.serverFailure:
    case bridgeErrorNames.serviceRefused:
    case bridgeErrorNames.outcomeUnknown:
    case bridgeErrorNames.cancelled:
    case bridgeErrorNames.exportWrite:
      return over(failure)
    default: {
      const unhandled: never = failure.name
      return unhandled
    }
  }
}

/** What a person must do about an obstacle, after "so the job stopped (… kept)". */
export const obstacleAdvice: Record<Obstacle, { why: string; then: string }> = {
  key: {
    why: 'The service refused this environment’s key, or none is set',
    then: 'Enter a valid key in Settings',
  },
  plan: {
    why: 'The service says this key’s plan or permissions do not allow crypto checks',
    then: 'Ask your account’s administrator',
  },
  funds: {
    why: 'The account has no funds left for billed checks',
    then: 'Top up the account',
  },
  storage: {
    why: 'This computer could not record the check (its storage refused the write)',
    then: 'Free some space or fix the data folder’s permissions',
  },
  keychain: {
    why: 'The OS keychain did not give the key',
    then: 'Unlock the keychain',
  },
  page: {
    why: 'This page lost its access to the app',
    then: 'Reload the page',
  },
}
