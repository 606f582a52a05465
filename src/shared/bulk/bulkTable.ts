import Papa from 'papaparse'
import { validateAddress } from '../address'

/**
 * A list of wallets as read: a CSV or TSV file, or text pasted one address a line. The delimiter
 * (comma, semicolon or tab) is detected, a byte-order mark dropped, quoted fields and CRLF read,
 * blank lines skipped, and the first row taken as a header when it names columns rather than
 * holding an address. Every row keeps the number of the line it starts on, as an editor shows it.
 */
export interface BulkTable {
  delimiter: ',' | ';' | '\t'
  hasHeader: boolean
  /** The header's names, or "Column 1", "Column 2", … when there is none. */
  columns: string[]
  /** The rows that are not blank, the header left out. */
  rows: string[][]
  /** Per row, the 1-based line of the text where it starts. */
  lines: Int32Array
}

const delimiters = [',', ';', '\t'] as const
type Delimiter = (typeof delimiters)[number]

/** Most rows start with a visible character, so the common case costs one comparison. */
const isBlank = (cells: readonly string[]): boolean =>
  (cells[0]?.charCodeAt(0) ?? 0) > 32 ? false : cells.every((cell) => cell.trim() === '')

const newlinesIn = (cells: readonly string[]): number => {
  let count = 0
  for (const cell of cells) {
    let at = cell.indexOf('\n')
    while (at !== -1) {
      count += 1
      at = cell.indexOf('\n', at + 1)
    }
  }
  return count
}

/**
 * Papaparse's guess, limited to the three delimiters a list of wallets is written with, and the
 * line break it found in the same sample (so the whole text is not scanned again for it).
 */
const detectLayout = (text: string): { delimiter: Delimiter; newline: '\r\n' | '\n' | '\r' } => {
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
const squash = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '')

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

/** How many line feeds the text holds: one native scan per line, no per-row work. */
const lineFeedsIn = (text: string): number => {
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1
  return count
}

export function readBulkTable(input: string): BulkTable {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const { delimiter, newline } = detectLayout(text)
  const parsed = Papa.parse<string[]>(text, { delimiter, newline, skipEmptyLines: false })
  const all = parsed.data
  // A field spans lines only when quoted; and when the rows are as many as the lines, none does.
  const mayNestLines = text.includes('"') && lineFeedsIn(text) !== all.length - 1
  // The rows that are not blank, moved up in the parser's own array (no second array of rows).
  const rows = all
  const lines = new Int32Array(all.length)
  let kept = 0
  let line = 1
  for (let index = 0; index < all.length; index += 1) {
    const cells = all[index]!
    if (!isBlank(cells)) {
      lines[kept] = line
      rows[kept] = cells
      kept += 1
    }
    line += mayNestLines ? 1 + newlinesIn(cells) : 1
  }
  rows.length = kept
  const hasHeader = rows[0] ? firstRowIsHeader(rows[0], rows[1]) : false
  const header = hasHeader ? rows.shift() : undefined
  const width = Math.max(header?.length ?? 0, ...rows.slice(0, 100).map((row) => row.length))
  const columns = Array.from({ length: width }, (_, index) => {
    const name = header?.[index]?.trim()
    return name ? name : `Column ${index + 1}`
  })
  return {
    delimiter,
    hasHeader,
    columns,
    rows,
    lines: lines.subarray(hasHeader ? 1 : 0, rows.length + (hasHeader ? 1 : 0)),
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
