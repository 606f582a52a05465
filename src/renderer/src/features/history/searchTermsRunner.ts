import { deferredSearchTerms } from '../../data/checks/deferredSearchTerms'
import { oneAtATime } from '../../data/pageLock'

const derive = () =>
  oneAtATime('compliance-desk-search-terms', () => deferredSearchTerms.deriveAwaitingTerms())

/**
 * Derives History's search entries of checks that wait for them (restored from a backup) whenever
 * some appear: at start, after a restore, or after a stop part-way; in one page at a time.
 * Returns the function that stops watching for them.
 */
export function startSearchTermsRunner(): () => void {
  let running = false
  let again = false
  const run = async () => {
    running = true
    do {
      again = false
      // A failed batch stays waiting, and is tried again at the next start.
      await derive().catch(() => undefined)
    } while (again)
    running = false
  }
  return deferredSearchTerms.watchChecksAwaitingTerms((count) => {
    if (count === 0) return
    if (running) again = true
    else void run()
  })
}
