import type { TableChanges } from './tableChanges'

/**
 * A read of a table as of a change `version`, shared by every caller and kept until the table
 * changes, one read at a time: counting every check reads a whole index (seconds at 200,000
 * checks), so History opened again counts nothing new, and changes that come while a count runs
 * (a bulk job writes many checks a second) are answered by one more read after it, never by a
 * read each. A view that reads again on its own changes uses pacedReads instead.
 */
export function latestRead<T>(
  read: () => Promise<T>,
  changes: Pick<TableChanges, 'current'>,
): (version: number) => Promise<T> {
  let readVersion = -1
  let result: T
  let reading: Promise<void> | undefined
  return async (version) => {
    while (readVersion < version) {
      reading ??= (async () => {
        const asOf = changes.current()
        result = await read()
        readVersion = asOf
      })().finally(() => {
        reading = undefined
      })
      await reading
    }
    return result
  }
}
