import type { SandboxRequestRecord } from '../sandbox/sandboxServer'
import type { AppDatabase } from '../renderer/src/data/database/appDatabase'

/** The addresses a schedule asked about, each with the status the sandbox answers for it. */
export type ScheduleWallets = Map<string, 'review_required' | 'no_match'>

/**
 * Where the app's record disagrees with the service's log, one sentence each (none is the
 * target). For every address asked about:
 * - the service answered it at most once (nothing was sent twice);
 * - History has at most one record of it, none left pending;
 * - answered by the service: History says so with that answer, or "outcome unknown" (the host
 *   died before the answer reached its journal: true, not false);
 * - never answered: History does not claim an answer;
 * - an outbox item or a bulk job's address done only if the service answered it.
 */
export async function disagreementsWithLog(
  db: AppDatabase,
  wallets: ScheduleWallets,
  log: readonly SandboxRequestRecord[],
): Promise<string[]> {
  const found: string[] = []
  const answers = new Map<string, number>()
  for (const entry of log) {
    if (entry.status === 200 && entry.subject !== undefined)
      answers.set(entry.subject, (answers.get(entry.subject) ?? 0) + 1)
  }
  const records = (await db.checks.toArray()).filter((record) => wallets.has(record.query))
  const outbox = await db.outbox.toArray()
  const bulkChecks = await db.bulkChecks.toArray()
  for (const [address, status] of wallets) {
    const answered = answers.get(address) ?? 0
    if (answered > 1) found.push(`${address}: answered ${answered} times (sent twice)`)
    const mine = records.filter((record) => record.query === address)
    if (mine.length > 1)
      found.push(
        `${address}: ${mine.length} records in History (${mine.map((r) => `${r.outcome} ${r.localId} request ${r.requestId}`).join(', ')})`,
      )
    for (const record of mine) {
      if (record.outcome === 'pending') found.push(`${address}: still pending once all settled`)
      if (answered > 0 && record.outcome === 'failed')
        found.push(
          `${address}: answered by the service, recorded as failed (${record.error?.name}: ${record.error?.message})`,
        )
      if (answered === 0 && record.outcome === 'succeeded')
        found.push(`${address}: recorded as answered, never answered by the service`)
      if (record.outcome === 'succeeded' && record.status !== status)
        found.push(`${address}: recorded ${record.status}, the service answers ${status}`)
    }
    if (answered > 0 && mine.length === 0)
      found.push(`${address}: answered by the service, not in History`)
    for (const item of outbox) {
      if (
        item.kind === 'cryptoCheck' &&
        item.query === address &&
        item.state === 'done' &&
        !answered
      )
        found.push(`${address}: queued check done, never answered by the service`)
    }
    for (const check of bulkChecks) {
      if (check.address !== address) continue
      if (check.state === 'done' && !answered)
        found.push(`${address}: bulk address done, never answered by the service`)
      if (check.state === 'running' || check.state === 'pending')
        found.push(`${address}: bulk address still ${check.state} once all settled`)
    }
  }
  return found
}
