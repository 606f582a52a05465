import fc from 'fast-check'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { propertyRuns } from '../../test-support/propertyRuns'
import { gatherRows, type Delimiter, type Newline } from './bulkLines'

const delimiters: Delimiter[] = [',', ';', '\t']
const newlines: Newline[] = ['\n', '\r\n', '\r']

/** A cell as a spreadsheet writes it: bare, or quoted with its quotes doubled. */
const cellOf = (delimiter: Delimiter, newline: Newline) =>
  fc.oneof(
    fc.string({ maxLength: 8, unit: fc.constantFrom('a', 'B', '0', '-', ' ', 'é') }),
    fc
      .string({ maxLength: 8, unit: fc.constantFrom('a', '"', delimiter, newline, ' ') })
      // At most a few line breaks inside, so no cell runs over the longest a quoted cell may.
      .filter((value) => value.split(newline).length <= 4)
      .map((value) => `"${value.replaceAll('"', '""')}"`),
  )

/** A well-formed file, and per line the row that starts on it ('blank' for a blank line). */
const wellFormedFile = fc
  .record({
    delimiter: fc.constantFrom(...delimiters),
    newline: fc.constantFrom(...newlines),
    finalBreak: fc.boolean(),
  })
  .chain(({ delimiter, newline, finalBreak }) =>
    fc.record({
      delimiter: fc.constant(delimiter),
      newline: fc.constant(newline),
      finalBreak: fc.constant(finalBreak),
      rows: fc.array(
        fc.oneof(
          {
            weight: 8,
            arbitrary: fc.array(cellOf(delimiter, newline), { minLength: 1, maxLength: 5 }),
          },
          { weight: 1, arbitrary: fc.constant(['']) },
        ),
        { maxLength: 30 },
      ),
    }),
  )
  .map(({ delimiter, newline, finalBreak, rows }) => {
    const written = rows.map((cells) => cells.join(delimiter))
    const text = written.join(newline) + (finalBreak && written.length > 0 ? newline : '')
    return { text, delimiter, newline, written, finalBreak }
  })
  // Without a final line break, an empty last row would be no line at all.
  .filter(({ written, finalBreak }) => finalBreak || written.at(-1) !== '')

/** Papaparse's reading of one written row on its own. */
const papaparseRow = (row: string, delimiter: Delimiter, newline: Newline): string[] => {
  const parsed = Papa.parse<string[]>(row, { delimiter, newline })
  expect(parsed.errors).toEqual([])
  return parsed.data[0] ?? ['']
}

describe('reading rows line by line', () => {
  it('reads each row of a well-formed file as papaparse reads it, on the line it starts on', () => {
    fc.assert(
      fc.property(wellFormedFile, ({ text, delimiter, newline, written }) => {
        const expected: Array<{ cells: string[]; line: number }> = []
        let line = 1
        let blank = 0
        let continued = 0
        for (const row of written) {
          const cells = papaparseRow(row, delimiter, newline)
          const span = row.split(newline).length
          // A line of blank cells is a blank line; a row over several lines is kept whole.
          if (span === 1 && cells.every((cell) => cell.trim() === '')) blank += 1
          else expected.push({ cells, line })
          continued += span - 1
          line += span
        }
        const gathered = gatherRows(text, delimiter, newline)
        expect(gathered.rows).toEqual(expected.map((row) => row.cells))
        expect([...gathered.lines]).toEqual(expected.map((row) => row.line))
        expect(gathered.broken.size).toBe(0)
        expect(gathered).toMatchObject({
          lineCount: line - 1,
          blankLines: blank,
          continuedLines: continued,
        })
      }),
      propertyRuns(500),
    )
  })
})
