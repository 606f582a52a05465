import type { TableChanges } from '../database/tableChanges'

/**
 * The number of every check as of a change `version`, with one count running at a time: a count
 * reads a whole index (seconds at 200,000 checks), and a bulk job changes the checks many times a
 * second, so changes that come while a count runs are answered by one more count after it, never
 * by a count each.
 */
export function checkCounter(
  count: () => Promise<number>,
  changes: Pick<TableChanges, 'current'>,
): (version: number) => Promise<number> {
  let countedVersion = -1
  let total = 0
  let counting: Promise<void> | undefined
  return async (version) => {
    while (countedVersion < version) {
      counting ??= (async () => {
        const asOf = changes.current()
        total = await count()
        countedVersion = asOf
      })().finally(() => {
        counting = undefined
      })
      await counting
    }
    return total
  }
}
