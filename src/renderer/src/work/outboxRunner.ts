import { outboxRetryIntervalMs } from '../../../shared/outboxPace'
import { errorMessage } from '../bridge/bridgeClient'
import { endRecorded, executeCheck } from '../data/checks/executeCheck'
import { createEntity } from '../data/entities/createEntity'
import {
  outboxRepository,
  type ClaimedItem,
  type OutboxItem,
} from '../data/outbox/outboxRepository'
import { collectRequests } from '../data/requests/journalClient'
import { afterSendFailure } from './outboxDecision'
import { sendFailureOf } from '../data/requests/failurePolicy'
import { queuedCheckKey, recoverRequests } from './recovery'
import { appRecoveryPorts } from './appRecovery'
import type { ScheduledWork } from './scheduler'

/** Sends one item, at most once: its local id is the request id. Returns what it produced. */
async function sendItem(item: OutboxItem): Promise<string> {
  if (item.kind === 'cryptoCheck') {
    return executeCheck({
      requestId: item.localId,
      localId: queuedCheckKey(item),
      query: item.query,
      environment: item.environment,
      // Queued work is delivered at most once; the main side decides what that allows.
      atMostOnce: true,
      queued: true,
      pace: 'background',
      ...(item.advancedSearch ? { advancedSearch: item.advancedSearch } : {}),
    })
  }
  const created = await createEntity({
    requestId: item.localId,
    entity: item.entity,
    environment: item.environment,
    pace: 'background',
  })
  return created.entity.id
}

/** What the runner needs of the world; tests give it a database, a sender and a clock of their own. */
export interface OutboxPorts {
  repository: Pick<typeof outboxRepository, 'claimNext' | 'settle'>
  send: (item: OutboxItem) => Promise<string>
  /** Settles what pages or processes that stopped left running; never what a page has in hand. */
  recover: () => Promise<void>
  /** Tells the main side's journal it may forget a request whose outcome is stored. */
  collect: (requestIds: readonly string[]) => Promise<void>
}

export interface OutboxRunner {
  /**
   * Sends queued items one by one, oldest first, until none is left or the service is away; only
   * once started (in the page that runs background work: another page's runner sends them).
   */
  drain(): Promise<void>
  /**
   * One turn of the page that runs background work: recovers what a crash left running, then
   * drains. The scheduler takes it up again every `outboxRetryIntervalMs`.
   */
  turn: () => Promise<void>
  /** The page no longer runs background work: `drain` sends nothing more here. */
  endTurns: () => void
}

export function createOutboxRunner(ports: OutboxPorts): OutboxRunner {
  const { repository, send } = ports
  let ourTurn = false
  let draining = false
  const drain = async (): Promise<void> => {
    if (draining || !ourTurn) return
    draining = true
    try {
      for (;;) {
        const item: ClaimedItem | undefined = await repository.claimNext()
        if (!item) return
        try {
          await repository.settle(item.localId, 'done', { resultId: await send(item) })
          await ports.collect([item.localId])
        } catch (error) {
          const after = afterSendFailure(sendFailureOf(error))
          // Left running: recovery asks the journal once the host answers again.
          if (after === 'recover') return
          if (after === 'wait') await repository.settle(item.localId, 'queued')
          else {
            await repository.settle(item.localId, after === 'ask' ? 'interrupted' : 'failed', {
              message: errorMessage(error),
            })
          }
          // Anything not recorded in full is left for recovery to settle from the journal.
          if (endRecorded(error)) await ports.collect([item.localId])
          if (after === 'wait') return
        } finally {
          item.release()
        }
      }
    } finally {
      draining = false
    }
  }
  const recoverThenDrain = async (): Promise<void> => {
    try {
      await ports.recover()
    } catch {
      // The host is not answering yet: what is running stays so until it does.
      return
    }
    await drain()
  }
  return {
    drain,
    turn: () => {
      ourTurn = true
      return recoverThenDrain()
    },
    endTurns: () => {
      ourTurn = false
    },
  }
}

const outboxRunner = createOutboxRunner({
  repository: outboxRepository,
  send: sendItem,
  recover: () => recoverRequests(appRecoveryPorts),
  collect: (requestIds) => collectRequests(requestIds).catch(() => {}),
})

export const drainOutbox = (): Promise<void> => outboxRunner.drain()

/** The outbox's part of the background work, only in the page that runs it (see backgroundWork). */
export const outboxWork: ScheduledWork = {
  name: 'outbox',
  everyMs: outboxRetryIntervalMs,
  turn: outboxRunner.turn,
  end: outboxRunner.endTurns,
}
