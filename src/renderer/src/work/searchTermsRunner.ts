import { deferredSearchTerms, termsBatchSize } from '../data/checks/deferredSearchTerms'
import { oneAtATime } from '../data/pageLock'

const derive = () =>
  oneAtATime('compliance-desk-search-terms', () => deferredSearchTerms.deriveAwaitingTerms())

/**
 * How long after the last check written one at a time (by a bulk job) its entries wait, unless a
 * batch's worth is waiting: a batch written in one go is observed by the page's live queries as
 * one change, where each check alone was observed with every one of its keys.
 */
const quietMs = 1_000

/**
 * Derives History's search entries of checks that wait for them (restored from a backup, or
 * screened in the background) whenever some appear: at start, after a restore, a batch at a time
 * while a bulk job runs, and after a stop part-way; in one page at a time. Returns the function
 * that stops watching for them.
 */
export function startSearchTermsRunner(): () => void {
  let running = false
  let again = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = async () => {
    running = true
    do {
      again = false
      // A failed batch stays waiting, and is tried again at the next start.
      await derive().catch(() => undefined)
    } while (again)
    running = false
  }
  const start = () => {
    if (running) again = true
    else void run()
  }
  const stopWatching = deferredSearchTerms.watchChecksAwaitingTerms((count) => {
    clearTimeout(timer)
    if (count === 0) return
    if (count >= termsBatchSize) start()
    else timer = setTimeout(start, quietMs)
  })
  return () => {
    clearTimeout(timer)
    stopWatching()
  }
}
