import type { AppDatabase, QueuedCheck } from '../../db/appDatabase'

export async function enqueueCheck(
  db: AppDatabase,
  check: Pick<QueuedCheck, 'environment' | 'query' | 'queryKey' | 'advancedSearch'>,
  now: Date = new Date(),
): Promise<string> {
  const localId = crypto.randomUUID()
  await db.queuedChecks.add({ ...check, localId, queuedAt: now.toISOString(), state: 'queued' })
  return localId
}

/**
 * Takes the oldest queued check and marks it running in one transaction, so two runners (two
 * tabs, or a re-mounted one) can never both take it.
 */
export async function claimNextQueued(db: AppDatabase): Promise<QueuedCheck | undefined> {
  return db.transaction('rw', db.queuedChecks, async () => {
    const next = await db.queuedChecks
      .where('[state+queuedAt]')
      .between(['queued', ''], ['queued', '\uffff'])
      .first()
    if (!next) return undefined
    await db.queuedChecks.update(next.localId, { state: 'running' })
    return { ...next, state: 'running' as const }
  })
}

export async function settleQueued(
  db: AppDatabase,
  localId: string,
  state: Exclude<QueuedCheck['state'], 'running'>,
  outcome: Pick<QueuedCheck, 'message' | 'resultLocalId'> = {},
): Promise<void> {
  await db.queuedChecks.update(localId, { state, ...outcome })
}

/** At start-up: a check still marked running was cut off mid-flight and may have been sent. */
export async function markInterrupted(db: AppDatabase): Promise<void> {
  await db.queuedChecks
    .where('[state+queuedAt]')
    .between(['running', ''], ['running', '\uffff'])
    .modify({
      state: 'interrupted',
      message:
        'The app stopped while this check was being sent: it may have run. Look in History before sending it again.',
    })
}

/** Cancel a waiting check, or forget a finished one; a running check cannot be taken back. */
export async function removeQueued(db: AppDatabase, localId: string): Promise<void> {
  await db.transaction('rw', db.queuedChecks, async () => {
    const item = await db.queuedChecks.get(localId)
    if (item && item.state !== 'running') await db.queuedChecks.delete(localId)
  })
}

/** The user's decision to send an interrupted or failed check again, under a new request id. */
export async function requeue(
  db: AppDatabase,
  localId: string,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction('rw', db.queuedChecks, async () => {
    const item = await db.queuedChecks.get(localId)
    if (!item || (item.state !== 'interrupted' && item.state !== 'failed')) return
    await db.queuedChecks.delete(localId)
    await db.queuedChecks.add({
      ...item,
      localId: crypto.randomUUID(),
      queuedAt: now.toISOString(),
      state: 'queued',
      message: undefined,
    })
  })
}
