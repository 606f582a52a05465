import { liveQuery } from 'dexie'
import type { AppDatabase, CheckRecord } from '../database/appDatabase'
import { onAppDatabase } from '../database/appDatabase'
import { recordSearchTerms } from './checkSearchTerms'

/**
 * A check's index entries are derived from the check, and they are most of what writing it costs
 * (dozens of suffixes per identifier). A backup leaves them out and a restore puts this one entry
 * in their place, so restoring writes the checks alone; background work (a bulk job) writes it
 * too. The entries are derived afterwards, a batch at a time, and the rows still waiting are
 * found by this entry. No typed text matches
 * it: History looks up only words split from what is typed, which never hold this character.
 */
export const termsPending = '\u0000pending'

/** A check as a backup holds it: without what is derived from it. */
export function withoutDerivedTerms(row: CheckRecord): Omit<CheckRecord, 'searchTerms'> {
  const kept: Partial<CheckRecord> = { ...row }
  delete kept.searchTerms
  return kept as Omit<CheckRecord, 'searchTerms'>
}

/** A check read from a backup, waiting for its index entries when the backup left them out. */
export const withTermsPending = (row: object): object =>
  'searchTerms' in row ? row : { ...row, searchTerms: [termsPending] }

/** Whether a check's search entries are still to be derived. */
export const isAwaitingTerms = (row: Pick<CheckRecord, 'searchTerms'>): boolean =>
  row.searchTerms.length === 1 && row.searchTerms[0] === termsPending

/** How many checks are not yet found by History's free text. */
export const checksAwaitingTerms = (db: AppDatabase): Promise<number> =>
  db.checks.where('searchTerms').equals(termsPending).count()

/** Checks derived a transaction. */
export const termsBatchSize = 500

/**
 * Derives the index entries of every check waiting for them, a batch a transaction, so the app
 * stays usable meanwhile and a stop part-way loses nothing: the rows not yet done still wait.
 * Returns how many were done.
 */
export async function deriveAwaitingTerms(
  db: AppDatabase,
  onBatch: (done: number) => void = () => undefined,
): Promise<number> {
  let done = 0
  for (;;) {
    const count = await db.transaction('rw', db.checks, async () => {
      const rows = await db.checks
        .where('searchTerms')
        .equals(termsPending)
        .limit(termsBatchSize)
        .toArray()
      await db.checks.bulkPut(rows.map((row) => ({ ...row, searchTerms: recordSearchTerms(row) })))
      return rows.length
    })
    if (count === 0) return done
    done += count
    onBatch(done)
  }
}

/** Calls `next` with the number of checks waiting now and whenever it changes; returns the stop. */
export function watchChecksAwaitingTerms(
  db: AppDatabase,
  next: (count: number) => void,
): () => void {
  const subscription = liveQuery(() => checksAwaitingTerms(db)).subscribe({ next })
  return () => subscription.unsubscribe()
}

export const deferredSearchTerms = onAppDatabase({
  checksAwaitingTerms,
  deriveAwaitingTerms,
  watchChecksAwaitingTerms,
})
