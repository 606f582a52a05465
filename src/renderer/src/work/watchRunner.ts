import type { ChangesNotice } from '../../../shared/bridge/systemContract'
import { callBridge, errorMessage } from '../bridge/bridgeClient'
import { watchFirstLookMeasure } from '../../../shared/watch/watchSchedule'
import { screenWatched, type Screen } from './watchScreen'
import { watchRepository, type WatchChange, type WatchRecord } from '../data/watch/watchRepository'
import { changesNotice } from './changesNotice'
import type { ScheduledWork } from './scheduler'

/** How often a running app looks for watches that have come due. */
export const watchTickMs = 60_000

export interface WatchPorts {
  due: (now: Date) => Promise<WatchRecord[]>
  screen: Screen
  markRun: (watched: WatchRecord, ranAt: Date, problem?: string) => Promise<void>
  recordChange: (change: WatchChange) => Promise<void>
  /** Tells the user outside the app (an OS notification in Electron). */
  notify: (notice: ChangesNotice) => Promise<unknown>
  now: () => Date
}

/**
 * Re-screens every watch that has come due (at start: what was missed while the app was closed),
 * the most overdue first, and keeps what changed. A watch that cannot run, or stops short, says
 * why on itself and waits a whole period, so a refusal is not repeated every minute. What the
 * whole run found, a watch that stopped short included, is told once, not once per watch.
 */
export async function runDueWatches(ports: WatchPorts): Promise<void> {
  const due = await ports.due(ports.now())
  due.sort((a, b) => a.nextDueAt.localeCompare(b.nextDueAt))
  const found: WatchChange[] = []
  for (const watched of due) {
    const now = ports.now()
    try {
      const run = await ports.screen(watched, now)
      for (const change of run.changes) {
        await ports.recordChange(change)
        found.push(change)
      }
      await ports.markRun(watched, now, run.problem)
    } catch (error) {
      await ports.markRun(watched, now, errorMessage(error))
    }
  }
  // The changes are in the inbox whatever becomes of the notification.
  if (found.length > 0) await ports.notify(changesNotice(found)).catch(() => undefined)
}

const ports: WatchPorts = {
  due: watchRepository.dueWatches,
  screen: screenWatched,
  markRun: watchRepository.markRun,
  recordChange: watchRepository.recordChange,
  notify: (notice) => callBridge('system.notifyChanges', notice),
  now: () => new Date(),
}

let firstLook = true

/**
 * Watches' part of the background work, only in the page that runs it (see backgroundWork): due
 * watches now, then every minute while the app is open.
 */
export const watchWork: ScheduledWork = {
  name: 'watches',
  everyMs: watchTickMs,
  turn: async () => {
    const started = performance.now()
    await runDueWatches(ports)
    // The first look is what watching adds to every start: measured, for the bench to read.
    if (firstLook) {
      firstLook = false
      performance.measure(watchFirstLookMeasure, { start: started, end: performance.now() })
    }
  },
}
