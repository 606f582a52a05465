import Papa from 'papaparse'
import { validateAddress } from '../address'
import { gatherRows, shownLine, type BrokenRow, type Delimiter, type Newline } from './bulkLines'

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

const delimiters: readonly Delimiter[] = [',', ';', '\t']

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
      text: shownLine(cells.join(delimiter)),
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
