import type { Actor } from '../../../../shared/identity/investigator'
import {
  isDue,
  nextDueAfter,
  shortestCadenceMs,
  type WatchCadence,
} from '../../../../shared/watch/watchSchedule'
import {
  onAppDatabase,
  type AppDatabase,
  type WatchChange,
  type WatchRecord,
  type WatchTarget,
} from '../database/appDatabase'

export const watchIdOf = (target: WatchTarget): string =>
  target.kind === 'wallet'
    ? `wallet|${target.environment}|${target.queryKey}`
    : `case|${target.caseId}`

/** Starts watching (or changes how often): the first re-screen is a whole period from now. */
export async function watch(
  db: AppDatabase,
  actor: Actor,
  target: WatchTarget,
  cadence: WatchCadence,
  now: Date = new Date(),
): Promise<void> {
  await db.watches.put({
    ...target,
    id: watchIdOf(target),
    cadence,
    createdAt: now.toISOString(),
    createdBy: actor,
    nextDueAt: nextDueAfter(now, cadence),
  })
}

export async function unwatch(db: AppDatabase, id: string): Promise<void> {
  await db.watches.delete(id)
}

/**
 * Watches whose time has come (see isDue): what was missed while the app was closed, and those a
 * clock set back would hold off. Two index ranges, so a start reads only watches that may be due.
 */
export async function dueWatches(db: AppDatabase, now: Date = new Date()): Promise<WatchRecord[]> {
  const [late, setBack] = await Promise.all([
    db.watches.where('nextDueAt').belowOrEqual(now.toISOString()).toArray(),
    db.watches
      .where('nextDueAt')
      .above(new Date(now.getTime() + shortestCadenceMs).toISOString())
      .filter((watched) => isDue(watched, now))
      .toArray(),
  ])
  return [...late, ...setBack]
}

/** A run done (or given up, with why): the next is a whole period after it. */
export async function markRun(
  db: AppDatabase,
  watched: WatchRecord,
  ranAt: Date,
  problem?: string,
): Promise<void> {
  await db.watches.update(watched.id, {
    lastRunAt: ranAt.toISOString(),
    nextDueAt: nextDueAfter(ranAt, watched.cadence),
    lastProblem: problem,
  })
}

export async function recordChange(db: AppDatabase, change: WatchChange): Promise<void> {
  await db.watchChanges.put(change)
}

/** The user has seen these changes: they leave the inbox, and the record says who saw them. */
export async function acknowledgeChanges(
  db: AppDatabase,
  actor: Actor,
  ids: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  await db.watchChanges
    .where('id')
    .anyOf([...ids])
    .filter((change) => change.state === 'new')
    .modify({ state: 'acknowledged', acknowledgedAt: now.toISOString(), acknowledgedBy: actor })
}

export const newChanges = (db: AppDatabase): Promise<WatchChange[]> =>
  db.watchChanges.where('[state+at]').between(['new', ''], ['new', '\uffff']).reverse().toArray()

export const watchRepository = onAppDatabase({
  watch,
  unwatch,
  dueWatches,
  markRun,
  recordChange,
  acknowledgeChanges,
})

export type { WatchChange, WatchRecord, WatchTarget } from '../database/appDatabase'
