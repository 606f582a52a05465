import { bridgeErrorNames } from '../../../shared/bridge'
import { hostLostMidCall, isUnreachable } from '../bridge/bridgeClient'

/** What a failed send says about the item. */
export interface SendFailure {
  name: string
  /** Decided on the main side: whether the request may have reached the service. */
  mayHaveReachedService: boolean
}

/**
 * - `wait`: provably not done (the service said "not now", or the request never left): it stays
 *   queued and is tried again later, on its own;
 * - `ask`: it may have been done: it is never sent again without the user's say;
 * - `fail`: refused (a bad key, a bad request…): sending it again as it is would not help;
 * - `recover`: the app's own host stopped answering after the call may have reached it: the item
 *   stays running until the main side's journal says whether it left.
 */
export type AfterFailure = 'wait' | 'ask' | 'fail' | 'recover'

const notNow = new Set<string>([
  // A 429 is answered before anything is processed.
  bridgeErrorNames.rateLimited,
])

export function afterSendFailure(failure: SendFailure): AfterFailure {
  if (notNow.has(failure.name)) return 'wait'
  if (hostLostMidCall(failure)) return 'recover'
  if (failure.mayHaveReachedService) return 'ask'
  return isUnreachable(failure.name) ? 'wait' : 'fail'
}
