import { bridgeErrorNames } from '../../../../shared/bridge'
import { BridgeCallError, errorMessage } from '../../bridge/bridgeClient'
import { appDatabase, type OutboxItem } from '../../db/appDatabase'
import { executeCheck } from '../checks/executeCheck'
import { createEntity } from '../entities/createEntity'
import { shellActions } from '../shell/store'
import { claimNext, markInterrupted, settle } from './outboxStore'

/** How often the outbox is tried while the service is away. */
export const outboxRetryIntervalMs = 5000

/** Sends one item, at most once: its local id is the request id. Returns what it produced. */
async function send(item: OutboxItem): Promise<string> {
  if (item.kind === 'cryptoCheck') {
    return executeCheck({
      requestId: item.localId,
      query: item.query,
      environment: item.environment,
      atMostOnce: true,
      ...(item.advancedSearch ? { advancedSearch: item.advancedSearch } : {}),
    })
  }
  const created = await createEntity({
    requestId: item.localId,
    entity: item.entity,
    environment: item.environment,
  })
  return created.entity.id
}

let draining = false

/** Sends queued items one by one, oldest first, until the outbox is empty or the service is away. */
export async function drainOutbox(): Promise<void> {
  if (draining) return
  draining = true
  try {
    for (;;) {
      const item = await claimNext(appDatabase)
      if (!item) return
      try {
        await settle(appDatabase, item.localId, 'done', { resultId: await send(item) })
        shellActions.serviceReached()
      } catch (error) {
        const name = error instanceof BridgeCallError ? error.name : bridgeErrorNames.internal
        // The service said "not sent" (unreachable before connecting) or "not now" (429): try later.
        if (name === bridgeErrorNames.serviceUnreachable || name === bridgeErrorNames.rateLimited) {
          await settle(appDatabase, item.localId, 'queued')
          if (name !== bridgeErrorNames.rateLimited)
            shellActions.serviceUnreachable(errorMessage(error))
          return
        }
        // An unknown outcome, or a bridge that broke mid-call, may have gone through: the user decides.
        const ambiguous = error instanceof BridgeCallError && error.mayHaveReachedService
        await settle(appDatabase, item.localId, ambiguous ? 'interrupted' : 'failed', {
          message: errorMessage(error),
        })
      }
    }
  } finally {
    draining = false
  }
}

/** Recovers what a crash left running, then keeps trying the outbox; returns a stop function. */
export function startOutboxRunner(): () => void {
  void markInterrupted(appDatabase).then(drainOutbox)
  const timer = setInterval(() => void drainOutbox(), outboxRetryIntervalMs)
  return () => clearInterval(timer)
}
