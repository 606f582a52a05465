import { replaceEqualDeep } from '@tanstack/react-query'

/**
 * Remembers the rows of a list's last read, so that a new read can hand back the very objects it
 * had for rows that did not change (TanStack Query's structural sharing, row by row). A memoised
 * row component is then drawn again only when its own row changed, whatever else moved. Rows are
 * matched by key, not position: a list's rows shift when one is added above them.
 */
export class KeptRows<Row> {
  private last = new Map<string, Row>()

  constructor(private readonly keyOf: (row: Row) => string) {}

  share(rows: ReadonlyArray<Row | undefined>): Array<Row | undefined> {
    const next = new Map<string, Row>()
    const shared = rows.map((row) => {
      if (row === undefined) return undefined
      const key = this.keyOf(row)
      const before = this.last.get(key)
      const kept = before === undefined ? row : replaceEqualDeep(before, row)
      next.set(key, kept)
      return kept
    })
    this.last = next
    return shared
  }
}
