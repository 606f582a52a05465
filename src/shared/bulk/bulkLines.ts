import Papa from 'papaparse'
import { middleEllipsis } from '../text/middleEllipsis'

export type Delimiter = ',' | ';' | '\t'
export type Newline = '\r\n' | '\n' | '\r'

export interface BrokenRow {
  /** One sentence: what is wrong with the line and what to do. */
  reason: string
  /** The line as written, shortened for showing. */
  text: string
}

/** The rows of a text as read line by line, before any of them is taken for a header. */
export interface GatheredRows {
  /** The rows that are not blank; a broken row has no cells. */
  rows: string[][]
  /** Per row, the 1-based line where it starts. */
  lines: Int32Array
  broken: Map<number, BrokenRow>
  blankLines: number
  /** Lines inside a quoted cell that began on an earlier line. */
  continuedLines: number
  /** Physical lines in the text (a final line break does not open another). */
  lineCount: number
}

/**
 * A quoted cell may run over this many lines; a quote left open longer is read as a mistake on
 * its own line, so one stray quote cannot take the rest of the list with it.
 */
export const longestQuotedCell = 20

const strayQuote =
  'A quote on this line does not open and close a whole cell, so its cells cannot be told apart and nothing on it was sent (the lines after it were read on their own). Put the cell in quotes with its own quotes doubled, or remove the quote.'

export const shownLine = (line: string): string => middleEllipsis(line, 60, 20)

/** Most rows start with a visible character, so the common case costs one comparison. */
const isBlank = (cells: readonly string[]): boolean =>
  (cells[0]?.charCodeAt(0) ?? 0) > 32 ? false : cells.every((cell) => cell.trim() === '')

const quote = 34

/**
 * The cells from `start` to `stop` of a line whose quotes each open and close a whole cell
 * (`"a;b";c`, `""` inside for a quote), read as papaparse reads such a line; null for any other
 * use of a quote, which is left to papaparse. A fifth of a list's lines may quote a label, so they
 * are read straight from the text, with the reader's next quote and next delimiter.
 */
const simplyQuotedCells = (reader: Reader, start: number, stop: number): string[] | null => {
  const { text, delimiter } = reader
  const cells: string[] = []
  let at = start
  for (;;) {
    if (at === stop || text.charCodeAt(at) !== quote) {
      const next = reader.delimiterFrom(at)
      const end = next === -1 || next >= stop ? stop : next
      const inside = reader.quoteFrom(at)
      if (inside !== -1 && inside < end) return null
      cells.push(text.slice(at, end))
      if (end === stop) return cells
      at = end + 1
      continue
    }
    let value = ''
    let from = at + 1
    for (;;) {
      const closing = reader.quoteFrom(from)
      if (closing === -1 || closing >= stop) return null
      if (text.charCodeAt(closing + 1) !== quote) {
        value += text.slice(from, closing)
        at = closing + 1
        break
      }
      value += text.slice(from, closing + 1)
      from = closing + 2
    }
    cells.push(value)
    if (at === stop) return cells
    if (text.charCodeAt(at) !== delimiter.charCodeAt(0)) return null
    at += 1
  }
}

/** A row read from the lines that hold it, with where its last line ends. */
interface QuotedRow {
  cells: string[]
  span: number
  stop: number
}

/**
 * Reads the row whose first line runs from `start` to `stop` and holds a quote that does not
 * simply open and close a cell (see simplyQuotedCells). When it is left open, the row may go on
 * to the next lines that hold a quote (a cell written over several lines), but only while
 * papaparse reads the joined lines as exactly one clean row, and for no more than
 * `longestQuotedCell` lines; null when the quote is a stray one.
 */
const readQuotedRow = (
  text: string,
  start: number,
  stop: number,
  delimiter: Delimiter,
  newline: Newline,
): QuotedRow | null => {
  let joined = text.slice(start, stop)
  let span = 1
  let end = stop
  let next: string
  for (;;) {
    const parsed = Papa.parse<string[]>(joined, { delimiter, newline })
    if (parsed.errors.length === 0 && parsed.data.length === 1) {
      return { cells: parsed.data[0]!, span, stop: end }
    }
    if (!parsed.errors.every((error) => error.code === 'MissingQuotes')) return null
    // Left open: the cell can only close on a later line that holds a quote.
    do {
      const from = end + newline.length
      if (end === text.length || from >= text.length || span >= longestQuotedCell) return null
      const found = text.indexOf(newline, from)
      end = found === -1 ? text.length : found
      next = text.slice(from, end)
      joined += `${newline}${next}`
      span += 1
    } while (!next.includes('"'))
  }
}

/**
 * The cells from `start` to `stop`, cut at the `count` delimiters in `cuts`. The usual widths are
 * array literals: sized to the row, and measured faster than an array filled cell by cell, where
 * a hundred thousand rows are kept.
 */
const cellsOf = (
  text: string,
  start: number,
  stop: number,
  cuts: Int32Array,
  count: number,
): string[] => {
  switch (count) {
    case 0:
      return [text.slice(start, stop)]
    case 1:
      return [text.slice(start, cuts[0]), text.slice(cuts[0]! + 1, stop)]
    case 2:
      return [
        text.slice(start, cuts[0]),
        text.slice(cuts[0]! + 1, cuts[1]),
        text.slice(cuts[1]! + 1, stop),
      ]
    case 3:
      return [
        text.slice(start, cuts[0]),
        text.slice(cuts[0]! + 1, cuts[1]),
        text.slice(cuts[1]! + 1, cuts[2]),
        text.slice(cuts[2]! + 1, stop),
      ]
  }
  const cells: string[] = [text.slice(start, cuts[0])]
  for (let cut = 1; cut < count; cut += 1) cells.push(text.slice(cuts[cut - 1]! + 1, cuts[cut]))
  cells.push(text.slice(cuts[count - 1]! + 1, stop))
  return cells
}

/**
 * A text read line by line, with the next quote and the next delimiter each looked for once, not
 * per line: positions asked about only move forward, so each is where the last search left it or
 * is found by searching on from there.
 */
class Reader {
  private nextQuote: number
  private nextDelimiter: number

  constructor(
    readonly text: string,
    readonly delimiter: Delimiter,
  ) {
    this.nextQuote = text.indexOf('"')
    this.nextDelimiter = text.indexOf(delimiter)
  }

  /** Where the first quote at or after `at` is, or -1. */
  quoteFrom(at: number): number {
    if (this.nextQuote !== -1 && this.nextQuote < at) this.nextQuote = this.text.indexOf('"', at)
    return this.nextQuote
  }

  /** Where the first delimiter at or after `at` is, or -1. */
  delimiterFrom(at: number): number {
    if (this.nextDelimiter !== -1 && this.nextDelimiter < at) {
      this.nextDelimiter = this.text.indexOf(this.delimiter, at)
    }
    return this.nextDelimiter
  }
}

/**
 * Reads the text one row at a time, each from the line it starts on: a line without a quote is its
 * split on the delimiter, cut straight from the text; a quoted cell may run over the next lines
 * (see readQuotedRow), and a quote that opens no whole cell is reported on its own line, which
 * never takes the lines after it. (Papaparse reading the whole text at once was no faster, and
 * after a stray quote its reading of everything that followed had to be thrown away and done
 * again line by line.)
 */
export function gatherRows(text: string, delimiter: Delimiter, newline: Newline): GatheredRows {
  const reader = new Reader(text, delimiter)
  const step = newline.length
  const rows: string[][] = []
  let lines = new Int32Array(1024)
  const broken = new Map<number, BrokenRow>()
  let blankLines = 0
  let continuedLines = 0
  let lineCount = 0
  let cuts = new Int32Array(16)
  // A final line break opens no line: a line starts only where some text is left.
  for (let start = 0; start < text.length;) {
    const found = text.indexOf(newline, start)
    let stop = found === -1 ? text.length : found
    lineCount += 1
    if (rows.length === lines.length) {
      const grown = new Int32Array(lines.length * 2)
      grown.set(lines)
      lines = grown
    }
    const firstQuote = reader.quoteFrom(start)
    let cells: string[] | null
    let span = 1
    if (firstQuote === -1 || firstQuote >= stop) {
      // Without a quote, papaparse's reading of a line is its split on the delimiter.
      let count = 0
      for (let cut = reader.delimiterFrom(start); cut !== -1 && cut < stop;) {
        if (count === cuts.length) {
          const grown = new Int32Array(cuts.length * 2)
          grown.set(cuts)
          cuts = grown
        }
        cuts[count] = cut
        count += 1
        cut = reader.delimiterFrom(cut + 1)
      }
      cells = cellsOf(text, start, stop, cuts, count)
    } else {
      cells = simplyQuotedCells(reader, start, stop)
      if (cells === null) {
        const read = readQuotedRow(text, start, stop, delimiter, newline)
        if (read === null) {
          broken.set(rows.length, { reason: strayQuote, text: shownLine(text.slice(start, stop)) })
          lines[rows.length] = lineCount
          rows.push([])
          start = stop + step
          continue
        }
        cells = read.cells
        span = read.span
        stop = read.stop
      }
    }
    if (span === 1 && isBlank(cells)) blankLines += 1
    else {
      lines[rows.length] = lineCount
      rows.push(cells)
      continuedLines += span - 1
    }
    lineCount += span - 1
    start = stop + step
  }
  return {
    rows,
    lines: lines.subarray(0, rows.length),
    broken,
    blankLines,
    continuedLines,
    lineCount,
  }
}
