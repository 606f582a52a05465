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

const occurrences = (text: string, of: string): number => {
  let count = 0
  for (let at = text.indexOf(of); at !== -1; at = text.indexOf(of, at + of.length)) count += 1
  return count
}

const newlinesIn = (cells: readonly string[], newline: Newline): number => {
  let count = 0
  for (const cell of cells) count += occurrences(cell, newline)
  return count
}

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

/** One row as read from the lines that hold it, or a stray quote on the first of them. */
type LineRead = { cells: string[]; span: number } | { stray: true }

/**
 * Reads the row that starts on `lines[from]` with papaparse. When a quote is left open, the row
 * may go on to the next lines that hold a quote (a cell written over several lines), but only
 * while papaparse reads the joined lines as exactly one clean row, and for no more than
 * `longestQuotedCell` lines.
 */
const readRowAt = (lines: readonly string[], from: number, delimiter: Delimiter): LineRead => {
  const first = lines[from]!
  // Without a quote, papaparse's reading of a line is its split on the delimiter.
  if (!first.includes('"')) return { cells: first.split(delimiter), span: 1 }
  let joined = first
  let end = from + 1
  for (;;) {
    const parsed = Papa.parse<string[]>(joined, { delimiter, newline: '\n' })
    if (parsed.errors.length === 0 && parsed.data.length === 1) {
      return { cells: parsed.data[0]!, span: end - from }
    }
    if (!parsed.errors.every((error) => error.code === 'MissingQuotes')) return { stray: true }
    // Left open: the cell can only close on a later line that holds a quote.
    do {
      if (end >= lines.length || end - from >= longestQuotedCell) return { stray: true }
      joined += `\n${lines[end]!}`
      end += 1
    } while (!lines[end - 1]!.includes('"'))
  }
}

interface Gathered {
  rows: string[][]
  lines: number[]
  broken: Map<number, BrokenRow>
  blankLines: number
  continuedLines: number
  lineCount: number
}

const shown = (line: string): string => middleEllipsis(line, 60, 20)

/**
 * Reads the text from line `startLine` (1-based) on, one row at a time: the slower way, taken only
 * after papaparse reading the whole text met a quote it could not close.
 */
const readLineByLine = (
  text: string,
  newline: Newline,
  delimiter: Delimiter,
  startLine: number,
  into: Gathered,
) => {
  const all = text.split(newline)
  if (all.length > 1 && all[all.length - 1] === '') all.pop()
  const lines = all.slice(startLine - 1)
  for (let index = 0; index < lines.length;) {
    const line = lines[index]!
    if (line.trim() === '') {
      into.blankLines += 1
      index += 1
      continue
    }
    const read = readRowAt(lines, index, delimiter)
    if ('stray' in read) {
      into.broken.set(into.rows.length, { reason: strayQuote, text: shown(line) })
      into.rows.push([])
      into.lines.push(startLine + index)
      index += 1
      continue
    }
    into.rows.push(read.cells)
    into.lines.push(startLine + index)
    into.continuedLines += read.span - 1
    index += read.span
  }
}

/** Reads the text whole with papaparse and, from the first quote it cannot close, line by line. */
const gatherRows = (text: string, delimiter: Delimiter, newline: Newline): Gathered => {
  const parsed = Papa.parse<string[]>(text, { delimiter, newline, skipEmptyLines: false })
  const quoteErrors = parsed.errors.filter((error) => error.type === 'Quotes')
  const firstBad =
    quoteErrors.length > 0
      ? Math.min(...quoteErrors.map((error) => error.row ?? 0))
      : parsed.data.length
  const all = parsed.data
  // A field spans lines only when quoted; and when the rows are as many as the lines, none does.
  const breaks = occurrences(text, newline)
  const mayNestLines = text.includes('"') && breaks !== all.length - 1
  const gathered: Gathered = {
    // The rows that are not blank, moved up in the parser's own array (no second array of rows).
    rows: all,
    lines: [],
    broken: new Map(),
    blankLines: 0,
    continuedLines: 0,
    // A final line break does not open another line.
    lineCount: text === '' ? 0 : breaks + (text.endsWith(newline) ? 0 : 1),
  }
  let kept = 0
  let line = 1
  // A final line break leaves papaparse an empty last row that is no line of the text.
  const end = Math.min(firstBad, text.endsWith(newline) ? all.length - 1 : all.length)
  // Papaparse reads every row after a quote it cannot close as part of that quote.
  let lineByLine = quoteErrors.length > 0
  for (let index = 0; index < end; index += 1) {
    const cells = all[index]!
    const nested = mayNestLines ? newlinesIn(cells, newline) : 0
    // A quote papaparse closed only lines later is as likely a stray one: read on line by line.
    if (nested >= longestQuotedCell) {
      lineByLine = true
      break
    }
    if (isBlank(cells) && nested === 0) gathered.blankLines += 1
    else {
      gathered.lines.push(line)
      all[kept] = cells
      kept += 1
      gathered.continuedLines += nested
    }
    line += 1 + nested
  }
  all.length = kept
  if (lineByLine) readLineByLine(text, newline, delimiter, line, gathered)
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
  const headerLine = hasHeader ? lines.shift()! : 0
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
    lines: Int32Array.from(lines),
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
