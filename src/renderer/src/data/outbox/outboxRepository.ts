import type { EnvironmentId } from '../../../../shared/environments'
import {
  onAppDatabase,
  type AppDatabase,
  type OutboxItem,
  type OutboxWork,
} from '../database/appDatabase'
import { holdRequest } from '../requests/requestOwnership'

export async function enqueue(
  db: AppDatabase,
  environment: EnvironmentId,
  work: OutboxWork,
  now: Date = new Date(),
): Promise<string> {
  const localId = crypto.randomUUID()
  await db.outbox.add({
    ...work,
    localId,
    environment,
    queuedAt: now.toISOString(),
    state: 'queued',
  })
  return localId
}

/** An item claimed to be sent, in this page's hand until `release` (see requestOwnership). */
export type ClaimedItem = OutboxItem & { release: () => void }

/**
 * Takes the oldest queued item and marks it running in one transaction, so two runners (two tabs,
 * or a re-mounted one) can never both take it.
 */
export async function claimNext(
  db: AppDatabase,
  now: Date = new Date(),
): Promise<ClaimedItem | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const next = await db.outbox
      .where('[state+queuedAt]')
      .between(['queued', ''], ['queued', '\uffff'])
      .first()
    if (!next) return undefined
    const claimed = { ...next, state: 'running' as const, sentAt: now.toISOString() }
    await db.outbox.put(claimed)
    return { ...claimed, release: holdRequest(claimed.localId) }
  })
}

/**
 * Ends a running item's send. Only a running item moves: recovery may act on what it read before
 * the sender settled the item, and a `done` item put back in the queue would be sent twice.
 */
export async function settle(
  db: AppDatabase,
  localId: string,
  state: Exclude<OutboxItem['state'], 'running'>,
  outcome: Pick<OutboxItem, 'message' | 'resultId'> = {},
): Promise<void> {
  await db.outbox
    .where('localId')
    .equals(localId)
    .and((item) => item.state === 'running')
    .modify({ state, ...outcome })
}

/**
 * Items restored from a backup, which no journal of this computer can vouch for: a `running` one
 * may have gone through from the computer that made the backup, and a `queued` one may yet be
 * sent from there. Both wait for a person (`held`), so one check is not paid for twice.
 */
export async function holdRestoredItems(
  db: AppDatabase,
  messages: Record<'running' | 'queued', string>,
): Promise<void> {
  for (const state of ['running', 'queued'] as const) {
    await db.outbox
      .where('[state+queuedAt]')
      .between([state, ''], [state, '\uffff'])
      .modify({ state: 'held', message: messages[state] })
  }
}

/** Items marked running: being sent by this page, or cut off by a page or a process that stopped. */
export const runningItems = (db: AppDatabase): Promise<OutboxItem[]> =>
  db.outbox.where('[state+queuedAt]').between(['running', ''], ['running', '\uffff']).toArray()

/** Cancel a waiting item, or forget a finished one; a running item cannot be taken back. */
export async function removeItem(db: AppDatabase, localId: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(localId)
    if (item && item.state !== 'running') await db.outbox.delete(localId)
  })
}

/** The user's decision to send an interrupted, held or failed item (again), under a new request id. */
export async function requeue(
  db: AppDatabase,
  localId: string,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(localId)
    if (
      !item ||
      !(['interrupted', 'held', 'failed'] as const).some((state) => state === item.state)
    )
      return
    await db.outbox.delete(localId)
    await db.outbox.add({
      ...item,
      localId: crypto.randomUUID(),
      queuedAt: now.toISOString(),
      state: 'queued',
      message: undefined,
    })
  })
}

/** The outbox on the app's database. */
export const outboxRepository = onAppDatabase({
  enqueue,
  claimNext,
  settle,
  runningItems,
  removeItem,
  requeue,
})

export type { OutboxItem, OutboxState, OutboxWork } from '../database/appDatabase'
