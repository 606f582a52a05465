import { exclusively } from '../data/pageLock'
import { bulkWork } from './bulkRunner'
import { outboxWork } from './outboxRunner'
import { startScheduler, type Scheduler } from './scheduler'
import { teamWork } from './teamRunner'
import { watchWork } from './watchRunner'

/** Every piece of the background work (shared cases too), taken up by one scheduler. */
export const backgroundWorks = [outboxWork, bulkWork, watchWork, teamWork]

/**
 * The app's background work (the outbox, bulk jobs, watches) runs in one page at a time, under one
 * Web Lock: that page's recovery is the only one, so two tabs never settle each other's sends, and
 * a reloaded or closed page hands the lock to the next. Returns the function that stops it here.
 */
export function startBackgroundWork(): () => void {
  let scheduler: Scheduler | undefined
  let stopped = false
  const release = exclusively('compliance-desk-background-work', async () => {
    if (stopped) return
    scheduler = startScheduler(backgroundWorks)
  })
  return () => {
    stopped = true
    scheduler?.stop()
    release()
  }
}
