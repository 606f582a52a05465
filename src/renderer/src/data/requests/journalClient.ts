import type { RequestFate } from '../../../../shared/bridge/requestsContract'
import { callBridge } from '../../bridge/bridgeClient'

const batch = 500

/** What the main side's request journal knows of requests this computer started. */
export async function askFates(
  requests: ReadonlyArray<{ requestId: string; startedAt: string }>,
): Promise<Map<string, RequestFate>> {
  const fates = new Map<string, RequestFate>()
  for (let start = 0; start < requests.length; start += batch) {
    const reply = await callBridge('requests.fate', {
      requests: requests.slice(start, start + batch),
    })
    for (const fate of reply.fates) fates.set(fate.requestId, fate)
  }
  return fates
}

/**
 * Tells the journal these requests' outcomes are stored here, so it may forget them. Called only
 * once everything that depends on an outcome is written: a forgotten request reads as never sent.
 * If the main side cannot be told now, the entry stays, which is only a few bytes on its disk.
 */
export async function collectRequests(requestIds: readonly string[]): Promise<void> {
  for (let start = 0; start < requestIds.length; start += batch) {
    await callBridge('requests.collect', { requestIds: requestIds.slice(start, start + batch) })
  }
}

/** How long a request settled by background work waits to be collected with others. */
const collectAfterMs = 250
let toCollect: string[] = []
let collecting: ReturnType<typeof setTimeout> | undefined

/**
 * `collectRequests` for work that settles many requests a second (a bulk job): the ids go
 * together, at most `collectAfterMs` after the first, instead of one call each. A page that stops
 * meanwhile leaves them in the journal: a few bytes on the main side's disk, never a resend (their
 * outcomes are stored here).
 */
export function collectSoon(requestIds: readonly string[]): void {
  toCollect.push(...requestIds)
  collecting ??= setTimeout(() => {
    const ids = toCollect
    toCollect = []
    collecting = undefined
    collectRequests(ids).catch(() => {})
  }, collectAfterMs)
}
