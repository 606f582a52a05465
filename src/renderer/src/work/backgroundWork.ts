import { exclusively } from '../data/pageLock'
import { startBulkRunner } from './bulkRunner'
import { startOutboxRunner } from './outboxRunner'
import { startWatchRunner } from './watchRunner'

/**
 * The app's background work (the outbox, bulk jobs, watches) runs in one page at a time, under one
 * Web Lock: that page's recovery is the only one, so two tabs never settle each other's sends, and
 * a reloaded or closed page hands the lock to the next. Returns the function that stops it here.
 */
export function startBackgroundWork(): () => void {
  let stops: Array<() => void> = []
  let stopped = false
  const release = exclusively('compliance-desk-background-work', async () => {
    if (stopped) return
    stops = [startOutboxRunner(), startBulkRunner(), startWatchRunner()]
  })
  return () => {
    stopped = true
    for (const stop of stops) stop()
    release()
  }
}
