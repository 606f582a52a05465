import { bridgeContract, type BridgeError } from '../../../shared/bridge'
import type { RequestFate } from '../../../shared/bridge/requestsContract'
import type { AttemptEnd, checkAttemptRepository } from '../data/checks/checkAttempts'
import type { outboxRepository, OutboxItem } from '../data/outbox/outboxRepository'
import type { FetchedEntity } from '../../../shared/bridge/entitiesContract'
import { afterSendFailure } from './outboxDecision'
import type { bulkJobRepository } from '../data/bulk/bulkJobRepository'
import type { CheckRecord } from '../data/checks/checkRepository'
import { mayBeSentAgain, outcomeOfRecord } from './bulkOutcome'

/** What recovery needs of the world; tests give it a database and a journal of their own. */
export interface RecoveryPorts {
  attempts: Pick<typeof checkAttemptRepository, 'pendingAttempts' | 'settleAttempt'>
  outbox: Pick<typeof outboxRepository, 'runningItems' | 'settle'>
  bulk: Pick<typeof bulkJobRepository, 'runningChecksOf' | 'settleBulkCheck'>
  readCheck: (localId: string) => Promise<CheckRecord | undefined>
  /** Which of these requests a live page has in hand (see requestOwnership): never recovered. */
  inHand: (requestIds: Iterable<string>) => Promise<Set<string>>
  askFates: (
    requests: ReadonlyArray<{ requestId: string; startedAt: string }>,
  ) => Promise<Map<string, RequestFate>>
  collect: (requestIds: readonly string[]) => Promise<void>
  saveEntity: (created: FetchedEntity) => Promise<void>
}

export const cutOffItemMessage =
  'Compliance Desk stopped while this was being sent: it may have gone through. Look for it before sending it again.'

/** A queued item's key in History: known before it is sent, so a resend keeps one row. */
export const queuedCheckKey = (item: Pick<OutboxItem, 'queuedAt' | 'localId'>): string =>
  `${item.queuedAt}_${item.localId}`

type Settled = Extract<RequestFate, { state: 'settled' }>

/** What the journal's word on a request means for its attempt in History; none while in flight. */
export const attemptEndOf = (fate: RequestFate): AttemptEnd | undefined => {
  if (fate.state === 'inFlight') return undefined
  if (fate.state === 'neverSent') return { kind: 'notSent' }
  if (fate.state === 'mayHaveLeft') return { kind: 'cutOff' }
  if (!fate.reply.ok) return { kind: 'failed', error: fate.reply.error }
  return {
    kind: 'answered',
    result: bridgeContract['crypto.search'].output.parse(fate.reply.data),
  }
}

/** Settles an outbox item by the reply its request got, as if the page had seen it. */
async function settleBySettledReply(
  ports: RecoveryPorts,
  item: OutboxItem,
  fate: Settled,
): Promise<boolean> {
  const { reply } = fate
  if (!reply.ok) {
    const error: BridgeError = reply.error
    const after = afterSendFailure(error)
    if (after === 'recover') return false
    if (after === 'wait') {
      await ports.outbox.settle(item.localId, 'queued', { message: undefined })
      return true
    }
    await ports.outbox.settle(item.localId, after === 'ask' ? 'interrupted' : 'failed', {
      message: error.message,
    })
    return false
  }
  if (item.kind === 'cryptoCheck') {
    await ports.outbox.settle(item.localId, 'done', { resultId: queuedCheckKey(item) })
  } else {
    const created = bridgeContract['entities.create'].output.parse(reply.data)
    await ports.saveEntity(created)
    await ports.outbox.settle(item.localId, 'done', { resultId: created.entity.id })
  }
  return false
}

/**
 * After a reload, a crash or a host that stopped answering: asks the main side's journal what
 * became of every request this computer started and no live page has in hand, and records it. An
 * item that never left is queued again on its own; one that may have left waits for a person; one
 * that got a reply is settled by it. Every write only moves a record forward (see mayMoveTo), so
 * what was read before its sender stored its end stays as the sender stored it.
 */
export function recoverRequests(ports: RecoveryPorts): Promise<void> {
  // One at a time in a page (the outbox's turn, a bulk job's start): two reading the same running
  // item, the second asking the journal after the first let it forget, would queue it again.
  const run = recovering.then(() => recoverOnce(ports))
  recovering = run.catch(() => undefined)
  return run
}

let recovering: Promise<void> = Promise.resolve()

async function recoverOnce(ports: RecoveryPorts): Promise<void> {
  const allAttempts = await ports.attempts.pendingAttempts()
  const allItems = await ports.outbox.runningItems()
  const held = await ports.inHand([
    ...allAttempts.map((attempt) => attempt.requestId),
    ...allItems.map((item) => item.localId),
  ])
  const attempts = allAttempts.filter((attempt) => !held.has(attempt.requestId))
  const items = allItems.filter((item) => !held.has(item.localId))
  if (attempts.length === 0 && items.length === 0) return
  const asked = new Map<string, string>()
  for (const item of items) asked.set(item.localId, item.sentAt ?? item.queuedAt)
  for (const attempt of attempts) asked.set(attempt.requestId, attempt.fetchedAt)
  const fates = await ports.askFates(
    [...asked].map(([requestId, startedAt]) => ({ requestId, startedAt })),
  )

  const sentAgain = new Set<string>()
  for (const item of items) {
    const fate = fates.get(item.localId)
    if (!fate || fate.state === 'inFlight') continue
    if (fate.state === 'neverSent') {
      await ports.outbox.settle(item.localId, 'queued', { message: undefined })
      sentAgain.add(item.localId)
    } else if (fate.state === 'mayHaveLeft') {
      await ports.outbox.settle(item.localId, 'interrupted', { message: cutOffItemMessage })
    } else if (await settleBySettledReply(ports, item, fate)) {
      sentAgain.add(item.localId)
    }
  }
  for (const attempt of attempts) {
    const fate = fates.get(attempt.requestId)
    // A queued check sent again keeps its pending row: the new send settles it.
    if (!fate || sentAgain.has(attempt.requestId)) continue
    const end = attemptEndOf(fate)
    if (end) await ports.attempts.settleAttempt(attempt, end)
  }
  const settled = [...fates.values()]
    .filter((fate) => fate.state === 'settled')
    .map((fate) => fate.requestId)
  if (settled.length > 0) await ports.collect(settled)
}

/**
 * Settles a bulk job's addresses left running by a page or process that stopped, by their records
 * in History (recovered from the journal first). Returns whether none is left unsettled (one the
 * journal says is still in flight, or a live page has in hand).
 */
export async function recoverBulkChecks(ports: RecoveryPorts, jobId: string): Promise<boolean> {
  const running = await ports.bulk.runningChecksOf(jobId)
  const held = await ports.inHand(running.map((check) => check.requestId ?? ''))
  const left = running.filter((check) => !held.has(check.requestId ?? ''))
  if (left.length === 0) return held.size === 0
  await recoverRequests(ports)
  let settledAll = held.size === 0
  for (const check of left) {
    const record = await ports.readCheck(check.checkLocalId ?? '')
    if (record?.outcome === 'pending') {
      settledAll = false
      continue
    }
    const outcome = record && !mayBeSentAgain(record) ? outcomeOfRecord(record) : undefined
    // No record, or one that says it was not acted on for a reason that passes: sent (again).
    await ports.bulk.settleBulkCheck(jobId, check.index, outcome ?? { state: 'pending' })
  }
  return settledAll
}
