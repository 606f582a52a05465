import type { TableChanges } from './tableChanges'

/**
 * A read of a table as of a change `version`, one read at a time: a bulk job changes the checks
 * many times a second, and a read of History's selection can take a whole index (seconds at
 * 200,000 checks), so changes that come while a read runs are answered by one more read after it,
 * never by a read each.
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
