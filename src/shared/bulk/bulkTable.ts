import Papa from 'papaparse'
import { validateAddress } from '../address'
import { middleEllipsis } from '../text/middleEllipsis'

/**
 * A list of wallets as read: a CSV or TSV file, or text pasted one address a line. The delimiter
 * (comma, semicolon or tab) is detected, a byte-order mark dropped, quoted fields and CRLF read,
 * and the first row taken as a header when it names columns rather than holding an address.
 * Every physical line is accounted for: the header, a blank line, a line inside a quoted cell
 * that began on an earlier line, or the start of a row (well-formed, or broken and said why).
 */
export interface BulkTable {
  delimiter: ',' | ';' | '\t'
  hasHeader: boolean
  /** The header's names, or "Column 1", "Column 2", … when there is none. */
  columns: string[]
  /** The rows that are not blank, the header left out; a broken row has no cells. */
  rows: string[][]
  /** Per row, the 1-based line of the text where it starts, as an editor numbers it. */
  lines: Int32Array
  /** Rows whose cells cannot be told apart (a stray quote, too many or too few cells), by row. */
  broken: Map<number, BrokenRow>
  /** Physical lines in the text (a final line break does not open another). */
  lineCount: number
  /** Of the header, or 0. */
  headerLine: number
  blankLines: number
  /** Lines inside a quoted cell that began on an earlier line (of the header or of a row). */
  continuedLines: number
}

export interface BrokenRow {
  /** One sentence: what is wrong with the line and what to do. */
  reason: string
  /** The line as written, shortened for showing. */
  text: string
}

const delimiters = [',', ';', '\t'] as const
type Delimiter = (typeof delimiters)[number]
type Newline = '\r\n' | '\n' | '\r'

/** Most rows start with a visible character, so the common case costs one comparison. */
const isBlank = (cells: readonly string[]): boolean =>
  (cells[0]?.charCodeAt(0) ?? 0) > 32 ? false : cells.every((cell) => cell.trim() === '')

/**
 * Papaparse's guess, limited to the three delimiters a list of wallets is written with, and the
 * line break it found in the same sample (so the whole text is not scanned again for it).
 */
const detectLayout = (text: string): { delimiter: Delimiter; newline: Newline } => {
  const sample = text.slice(0, 64 * 1024)
  const { meta } = Papa.parse<string[]>(sample, {
    preview: 50,
    delimitersToGuess: [...delimiters],
    skipEmptyLines: true,
  })
  const newline = meta.linebreak === '\r\n' || meta.linebreak === '\r' ? meta.linebreak : '\n'
  const delimiter = (delimiters as readonly string[]).includes(meta.delimiter)
    ? (meta.delimiter as Delimiter)
    : ','
  return { delimiter, newline }
}

/** Names a column of wallet addresses goes by, as lower-case letters and digits only. */
const addressColumnNames = [
  'address',
  'walletaddress',
  'wallet',
  'publickey',
  'cryptoaddress',
  'depositaddress',
  'withdrawaladdress',
  'addr',
  'pubkey',
]
export const squash = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '')

const looksLikeAddress = (cell: string): boolean => validateAddress(cell).chain !== null

/**
 * A header when its first row names a column of addresses, or when it holds no address while the
 * row after it does.
 */
const firstRowIsHeader = (first: readonly string[], second: readonly string[] | undefined) => {
  if (first.some((cell) => addressColumnNames.includes(squash(cell)))) return true
  if (first.some(looksLikeAddress)) return false
  return second?.some(looksLikeAddress) ?? false
}

/**
 * A quoted cell may run over this many lines; a quote left open longer is read as a mistake on
 * its own line, so one stray quote cannot take the rest of the list with it.
 */
export const longestQuotedCell = 20

const strayQuote =
  'A quote on this line does not open and close a whole cell, so its cells cannot be told apart and nothing on it was sent (the lines after it were read on their own). Put the cell in quotes with its own quotes doubled, or remove the quote.'

/**
 * The text's lines, each cut out only when it is read: a hundred thousand line strings kept for
 * the whole reading cost more in garbage collection than cutting each when it is needed.
 */
interface Lines {
  count: number
  at: (index: number) => string
}

/** The lines of a text by where they start (a final line break does not open another line). */
function linesOf(text: string, newline: Newline): Lines {
  const starts: number[] = text === '' ? [] : [0]
  const step = newline.length
  for (let at = text.indexOf(newline); at !== -1; at = text.indexOf(newline, at + step)) {
    if (at + step < text.length) starts.push(at + step)
  }
  const count = starts.length
  const end = text.endsWith(newline) ? text.length - step : text.length
  return {
    count,
    at: (index) => text.slice(starts[index], index + 1 < count ? starts[index + 1]! - step : end),
  }
}

/** One row as read from the lines that hold it, or a stray quote on the first of them. */
type LineRead = { cells: string[]; span: number } | { stray: true }

const quote = 34

/**
 * The cells of a line whose quotes each open and close a whole cell (`"a;b";c`, `""` inside for a
 * quote), read as papaparse reads such a line; null for any other use of a quote, which is left to
 * papaparse. Every line is read on its own, and a fifth of a list's lines may quote a label: a
 * parser set up for each of them cost more than papaparse reading the whole file.
 */
const simplyQuotedCells = (line: string, delimiter: Delimiter): string[] | null => {
  const cells: string[] = []
  let at = 0
  for (;;) {
    if (line.charCodeAt(at) !== quote) {
      const next = line.indexOf(delimiter, at)
      const cell = line.slice(at, next === -1 ? line.length : next)
      if (cell.includes('"')) return null
      cells.push(cell)
      if (next === -1) return cells
      at = next + 1
      continue
    }
    let value = ''
    let from = at + 1
    for (;;) {
      const closing = line.indexOf('"', from)
      if (closing === -1) return null
      if (line.charCodeAt(closing + 1) !== quote) {
        value += line.slice(from, closing)
        at = closing + 1
        break
      }
      value += line.slice(from, closing + 1)
      from = closing + 2
    }
    cells.push(value)
    if (at === line.length) return cells
    if (line[at] !== delimiter) return null
    at += 1
  }
}

/**
 * Reads the row that starts on `lines[from]` with papaparse. When a quote is left open, the row
 * may go on to the next lines that hold a quote (a cell written over several lines), but only
 * while papaparse reads the joined lines as exactly one clean row, and for no more than
 * `longestQuotedCell` lines.
 */
const readRowAt = (
  lines: Lines,
  from: number,
  delimiter: Delimiter,
  newline: Newline,
): LineRead => {
  const first = lines.at(from)
  // Without a quote, papaparse's reading of a line is its split on the delimiter.
  if (!first.includes('"')) return { cells: first.split(delimiter), span: 1 }
  const simple = simplyQuotedCells(first, delimiter)
  if (simple) return { cells: simple, span: 1 }
  let joined = first
  let end = from + 1
  let next: string
  for (;;) {
    const parsed = Papa.parse<string[]>(joined, { delimiter, newline })
    if (parsed.errors.length === 0 && parsed.data.length === 1) {
      return { cells: parsed.data[0]!, span: end - from }
    }
    if (!parsed.errors.every((error) => error.code === 'MissingQuotes')) return { stray: true }
    // Left open: the cell can only close on a later line that holds a quote.
    do {
      if (end >= lines.count || end - from >= longestQuotedCell) return { stray: true }
      next = lines.at(end)
      joined += `${newline}${next}`
      end += 1
    } while (!next.includes('"'))
  }
}

interface Gathered {
  rows: string[][]
  lines: Int32Array
  broken: Map<number, BrokenRow>
  blankLines: number
  continuedLines: number
  lineCount: number
}

const shown = (line: string): string => middleEllipsis(line, 60, 20)

/**
 * Reads the text one row at a time, each from the line it starts on: a line without a quote is its
 * split on the delimiter, a quoted cell may run over the next lines (see readRowAt), and a quote
 * that opens no whole cell is reported on its own line, which never takes the lines after it.
 * (Papaparse reading the whole text at once was no faster, and after a stray quote its reading of
 * everything that followed had to be thrown away and done again line by line.)
 */
const gatherRows = (text: string, delimiter: Delimiter, newline: Newline): Gathered => {
  const lines = linesOf(text, newline)
  const gathered: Gathered = {
    rows: [],
    lines: new Int32Array(lines.count),
    broken: new Map(),
    blankLines: 0,
    continuedLines: 0,
    lineCount: lines.count,
  }
  const { rows } = gathered
  for (let index = 0; index < lines.count;) {
    const read = readRowAt(lines, index, delimiter, newline)
    if ('stray' in read) {
      gathered.broken.set(rows.length, { reason: strayQuote, text: shown(lines.at(index)) })
      gathered.lines[rows.length] = index + 1
      rows.push([])
      index += 1
      continue
    }
    if (read.span === 1 && isBlank(read.cells)) gathered.blankLines += 1
    else {
      gathered.lines[rows.length] = index + 1
      rows.push(read.cells)
      gathered.continuedLines += read.span - 1
    }
    index += read.span
  }
  gathered.lines = gathered.lines.subarray(0, rows.length)
  return gathered
}

const wrongWidth = (width: number, expected: number, hasHeader: boolean): string =>
  `This line has ${width} cells where ${hasHeader ? 'the header has' : 'the other lines have'} ${expected}, so its cells cannot be matched to the columns and nothing on it was sent. Check it for an extra or a missing separator, or a cell that needs quotes.`

/** The number of cells most of the first rows have: the width of a list without a header. */
const usualWidth = (rows: readonly string[][], broken: ReadonlyMap<number, BrokenRow>) => {
  const widths = new Map<number, number>()
  let best = 1
  let bestCount = 0
  for (let row = 0; row < Math.min(rows.length, 100); row += 1) {
    if (broken.has(row)) continue
    const width = rows[row]!.length
    const count = (widths.get(width) ?? 0) + 1
    widths.set(width, count)
    if (count > bestCount) {
      best = width
      bestCount = count
    }
  }
  return best
}

export function readBulkTable(input: string): BulkTable {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const { delimiter, newline } = detectLayout(text)
  const { rows, lines, broken, blankLines, continuedLines, lineCount } = gatherRows(
    text,
    delimiter,
    newline,
  )
  const first = broken.has(0) ? undefined : rows[0]
  const hasHeader = first ? firstRowIsHeader(first, broken.has(1) ? undefined : rows[1]) : false
  const header = hasHeader ? rows.shift() : undefined
  const headerLine = hasHeader ? lines[0]! : 0
  if (hasHeader) {
    const shifted = [...broken].map(([row, problem]) => [row - 1, problem] as const)
    broken.clear()
    for (const [row, problem] of shifted) broken.set(row, problem)
  }
  const width = header?.length ?? usualWidth(rows, broken)
  for (let row = 0; row < rows.length; row += 1) {
    const cells = rows[row]!
    if (cells.length === width || broken.has(row)) continue
    broken.set(row, {
      reason: wrongWidth(cells.length, width, hasHeader),
      text: shown(cells.join(delimiter)),
    })
    rows[row] = []
  }
  const columns = Array.from({ length: width }, (_, index) => {
    const name = header?.[index]?.trim()
    return name ? name : `Column ${index + 1}`
  })
  return {
    delimiter,
    hasHeader,
    columns,
    rows,
    lines: hasHeader ? lines.subarray(1) : lines,
    broken,
    lineCount,
    headerLine,
    blankLines,
    continuedLines,
  }
}

/**
 * The column most likely to hold the addresses: one named like it, or else the one where the
 * first rows hold most recognised addresses.
 */
export function guessAddressColumn(table: BulkTable): number {
  const squashed = table.columns.map(squash)
  for (const name of addressColumnNames) {
    const exact = squashed.indexOf(name)
    if (exact !== -1) return exact
  }
  const named = squashed.findIndex((name) => name.includes('address') || name.includes('wallet'))
  if (named !== -1) return named
  const sample = table.rows.slice(0, 50)
  let best = 0
  let bestCount = -1
  table.columns.forEach((_, column) => {
    const count = sample.filter((row) => looksLikeAddress(row[column] ?? '')).length
    if (count > bestCount) {
      best = column
      bestCount = count
    }
  })
  return best
}
