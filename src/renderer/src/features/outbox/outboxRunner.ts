import { bridgeErrorNames } from '../../../../shared/bridge'
import { outboxRetryIntervalMs } from '../../../../shared/outboxPace'
import { BridgeCallError, errorMessage } from '../../bridge/bridgeClient'
import { executeCheck } from '../../data/checks/executeCheck'
import { createEntity } from '../../data/entities/createEntity'
import { outboxRepository, type OutboxItem } from '../../data/outbox/outboxRepository'
import { afterSendFailure, type SendFailure } from './outboxDecision'

/** Sends one item, at most once: its local id is the request id. Returns what it produced. */
async function sendItem(item: OutboxItem): Promise<string> {
  if (item.kind === 'cryptoCheck') {
    return executeCheck({
      requestId: item.localId,
      query: item.query,
      environment: item.environment,
      // Queued work is delivered at most once; the main side decides what that allows.
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

const failureOf = (error: unknown): SendFailure =>
  error instanceof BridgeCallError
    ? error
    : // Thrown in this page after the answer came back (e.g. while saving it): it was sent.
      { name: bridgeErrorNames.internal, mayHaveReachedService: true }

/** What the runner needs of the world; tests give it a database, a sender and a clock of their own. */
export interface OutboxPorts {
  repository: Pick<typeof outboxRepository, 'claimNext' | 'settle' | 'markInterrupted'>
  send: (item: OutboxItem) => Promise<string>
  /** Runs `tick` every `ms` until the returned function is called. */
  every: (ms: number, tick: () => void) => () => void
}

export interface OutboxRunner {
  /** Sends queued items one by one, oldest first, until none is left or the service is away. */
  drain(): Promise<void>
  /** Recovers what a crash left running, then keeps trying; returns a stop function. */
  start(): () => void
}

export function createOutboxRunner({ repository, send, every }: OutboxPorts): OutboxRunner {
  let draining = false
  const drain = async (): Promise<void> => {
    if (draining) return
    draining = true
    try {
      for (;;) {
        const item = await repository.claimNext()
        if (!item) return
        try {
          await repository.settle(item.localId, 'done', { resultId: await send(item) })
        } catch (error) {
          const after = afterSendFailure(failureOf(error))
          if (after === 'wait') {
            await repository.settle(item.localId, 'queued')
            return
          }
          await repository.settle(item.localId, after === 'ask' ? 'interrupted' : 'failed', {
            message: errorMessage(error),
          })
        }
      }
    } finally {
      draining = false
    }
  }
  return {
    drain,
    start: () => {
      void repository.markInterrupted().then(drain)
      return every(outboxRetryIntervalMs, () => void drain())
    },
  }
}

const outboxRunner = createOutboxRunner({
  repository: outboxRepository,
  send: sendItem,
  every: (ms, tick) => {
    const timer = setInterval(tick, ms)
    return () => clearInterval(timer)
  },
})

export const drainOutbox = (): Promise<void> => outboxRunner.drain()
export const startOutboxRunner = (): (() => void) => outboxRunner.start()
