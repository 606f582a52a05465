import type { SandboxRequestRecord } from '../sandbox/sandboxServer'
import type { AppDatabase } from '../renderer/src/data/database/appDatabase'

/** The addresses a schedule asked about, each with the status the sandbox answers for it. */
export type ScheduleWallets = Map<string, 'review_required' | 'no_match'>

/** A check a person linked to a case, and was told so. */
export interface CaseLink {
  caseId: string
  localId: string
}

/**
 * Where the app's record disagrees with the service's log, one sentence each (none is the
 * target). Each attempt is one record in History, so for every address asked about:
 * - no answer made up: its records that say "answered" are at most the service's answers;
 * - nothing sent twice, none lost: every answer the service gave has a record that says it was
 *   answered, or that its outcome is unknown (the host died before the answer reached its
 *   journal: true, not false); none is recorded as failed ("nothing was sent") or missing;
 * - an answer recorded is the service's (its status), and nothing is left pending;
 * - an outbox item or a bulk job's address is done only if the service answered it;
 * and every case link the person was told was made exists.
 */
export async function disagreementsWithLog(
  db: AppDatabase,
  wallets: ScheduleWallets,
  links: readonly CaseLink[],
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
    const mine = records.filter((record) => record.query === address)
    const said = (outcome: string) => mine.filter((record) => record.outcome === outcome).length
    const listed = mine
      .map((record) =>
        record.outcome === 'succeeded'
          ? `succeeded ${record.localId}`
          : `${record.outcome} ${record.localId}${record.error ? ` (${record.error.message})` : ''}`,
      )
      .join(', ')
    if (said('succeeded') > answered)
      found.push(
        `${address}: ${said('succeeded')} recorded as answered, ${answered} answered: ${listed}`,
      )
    if (answered > said('succeeded') + said('unknown'))
      found.push(
        `${address}: answered ${answered} times, ${said('succeeded')} recorded as answered and ${said('unknown')} as unknown: ${listed}`,
      )
    if (said('pending') > 0) found.push(`${address}: still pending once all settled`)
    for (const record of mine) {
      if (record.outcome === 'succeeded' && record.status !== status)
        found.push(`${address}: recorded ${record.status}, the service answers ${status}`)
    }
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
  for (const { caseId, localId } of links) {
    const linked = await db.cases.get(caseId)
    if (!linked?.checkIds.includes(localId))
      found.push(`case ${caseId}: the check ${localId} the person linked is not linked`)
  }
  return found
}
