import type { ChangesNotice } from '../../../shared/bridge/systemContract'
import { differenceWords } from '../../../shared/records/differenceWords'
import type { WatchChange } from '../data/watch/watchRepository'

/**
 * What one run found, as the OS notification says it: how many wallets changed and the hits new
 * and no longer listed, counted over all of them. Counts only: a notification shows on the screen
 * of a locked computer, so no identifier, record or case goes into it.
 */
export const changesNotice = (changes: readonly WatchChange[]): ChangesNotice => ({
  count: new Set(changes.map((change) => `${change.environment}|${change.queryKey}`)).size,
  summary: differenceWords({
    added: changes.flatMap((change) => change.added),
    removed: changes.flatMap((change) => change.removed),
  }).join(', '),
})
