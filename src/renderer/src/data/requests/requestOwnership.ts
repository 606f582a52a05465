/**
 * Which page has a request in hand. A page holds a request from before its attempt is written until
 * its end is stored; while it does, no recovery (of this page or another) may settle it: the
 * journal says "never sent" of a request that has not reached the main side yet, and of one it was
 * told to forget once its answer was stored.
 *
 * Across pages this is a Web Lock per request (released by the browser when a page goes away, so a
 * reloaded or crashed page owns nothing); within the page, a set, which is all there is where the
 * Web Locks API is missing (tests on Node).
 */
const inThisPage = new Map<string, number>()

const lockName = (requestId: string): string => `compliance-desk-request:${requestId}`
const lockPrefix = lockName('')

/** What is used of the Web Locks API (the bench's Node build has no DOM typings). */
interface Locks {
  request(name: string, work: () => Promise<unknown>): Promise<unknown>
  query(): Promise<{ held?: Array<{ name?: string }>; pending?: Array<{ name?: string }> }>
}

const locks = (): Locks | undefined =>
  (globalThis as { navigator?: { locks?: Locks } }).navigator?.locks

/** Runs `work` with the request in this page's hand (already in hand: at once). */
export async function holdingRequest<T>(requestId: string, work: () => Promise<T>): Promise<T> {
  const already = inThisPage.get(requestId) ?? 0
  inThisPage.set(requestId, already + 1)
  try {
    const manager = locks()
    if (!manager || already > 0) return await work()
    // The lock manager awaits the promise the work returns; its typings nest it once more.
    return await (manager.request(lockName(requestId), work) as unknown as Promise<T>)
  } finally {
    const left = (inThisPage.get(requestId) ?? 1) - 1
    if (left > 0) inThisPage.set(requestId, left)
    else inThisPage.delete(requestId)
  }
}

/**
 * Holds a request until the returned function is called: called where work is claimed, inside the
 * claiming transaction, so no recovery in this page can see it claimed and not in hand.
 */
export function holdRequest(requestId: string): () => void {
  let release = (): void => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  void holdingRequest(requestId, () => released)
  return release
}

/** The requests among `requestIds` that some live page has in hand. */
export async function requestsInHand(requestIds: Iterable<string>): Promise<Set<string>> {
  const held = new Set<string>()
  const manager = locks()
  const lockedElsewhere = new Set<string>()
  if (manager) {
    const { held: heldLocks = [], pending = [] } = await manager.query()
    for (const lock of [...heldLocks, ...pending]) {
      if (lock.name?.startsWith(lockPrefix)) lockedElsewhere.add(lock.name.slice(lockPrefix.length))
    }
  }
  for (const requestId of requestIds) {
    if (inThisPage.has(requestId) || lockedElsewhere.has(requestId)) held.add(requestId)
  }
  return held
}
