import { bridgeErrorNames } from '../../../../shared/bridge'
import { BridgeCallError, errorMessage } from '../../bridge/bridgeClient'
import { appDatabase } from '../../db/appDatabase'
import { executeCheck } from '../checks/executeCheck'
import { unreachableErrors } from '../search/runCryptoSearch'
import { shellActions } from '../shell/store'
import { claimNextQueued, markInterrupted, settleQueued } from './checkQueue'

/** How often queued checks are tried while the service is away. */
export const queueRetryIntervalMs = 5000

let draining = false

/** Runs queued checks one by one, oldest first, until the queue is empty or the service is away. */
export async function drainQueue(): Promise<void> {
  if (draining) return
  draining = true
  try {
    for (;;) {
      const item = await claimNextQueued(appDatabase)
      if (!item) return
      try {
        const saved = await executeCheck({
          requestId: item.localId,
          query: item.query,
          environment: item.environment,
          atMostOnce: true,
          ...(item.advancedSearch ? { advancedSearch: item.advancedSearch } : {}),
        })
        await settleQueued(appDatabase, item.localId, 'done', { resultLocalId: saved })
        shellActions.serviceReached()
      } catch (error) {
        const name = error instanceof BridgeCallError ? error.name : bridgeErrorNames.internal
        if (unreachableErrors.has(name) || name === bridgeErrorNames.rateLimited) {
          // Not sent (an at-most-once request reports anything else as an unknown outcome): try later.
          await settleQueued(appDatabase, item.localId, 'queued')
          if (name !== bridgeErrorNames.rateLimited)
            shellActions.serviceUnreachable(errorMessage(error))
          return
        }
        await settleQueued(
          appDatabase,
          item.localId,
          name === bridgeErrorNames.outcomeUnknown ? 'interrupted' : 'failed',
          { message: errorMessage(error) },
        )
      }
    }
  } finally {
    draining = false
  }
}

/** Recovers what a crash left running, then keeps trying the queue; returns a stop function. */
export function startQueueRunner(): () => void {
  void markInterrupted(appDatabase).then(drainQueue)
  const timer = setInterval(() => void drainQueue(), queueRetryIntervalMs)
  return () => clearInterval(timer)
}
