import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { accountOf, planBulk } from '../src/shared/bulk/bulkPlan'
import { guessAddressColumn, readBulkTable } from '../src/shared/bulk/bulkTable'
import { benchRow, compare, type BenchRow } from './benchStats'

const rowCount = 100_000

interface Vectors {
  eip55: { valid: Array<{ string: string }>; invalid: Array<{ string: string }> }
  base58check: { invalid: Array<{ string: string }> }
}

/**
 * 100,000 rows of a semicolon file with a BOM, CRLF and a header, from real addresses: the OFAC
 * SDN wallets and the EIP-55 vectors, EVM ones in three cases, a few with broken checksums, a
 * quoted label on every fifth row, a blank line every thousandth.
 */
export function bulkListOf(rows: number): string {
  const data = '/work/shared/data'
  const wallets = JSON.parse(readFileSync(`${data}/sanctioned-wallets.json`, 'utf8')) as Array<{
    publicKey: string
  }>
  const vectors = JSON.parse(readFileSync(`${data}/address-vectors.json`, 'utf8')) as Vectors
  const addresses = [
    ...wallets.map((wallet) => wallet.publicKey),
    ...vectors.eip55.valid.map((vector) => vector.string),
  ]
  const broken = [...vectors.eip55.invalid, ...vectors.base58check.invalid.slice(2, 6)].map(
    (vector) => vector.string,
  )
  const lines = ['Customer ref;Wallet address;Label']
  for (let index = 0; index < rows; index += 1) {
    const base =
      index % 97 === 0 ? broken[index % broken.length]! : addresses[index % addresses.length]!
    const round = Math.floor(index / addresses.length) % 3
    const address = !base.startsWith('0x')
      ? base
      : round === 1
        ? base.toLowerCase()
        : round === 2
          ? `0x${base.slice(2).toUpperCase()}`
          : base
    const label =
      index % 5 === 0 ? `"Desk ${index % 13}; batch ${index % 7}"` : `batch ${index % 7}`
    lines.push(`C-${index};${address};${label}`)
    if (index % 1000 === 999) lines.push('')
  }
  return `\ufeff${lines.join('\r\n')}\r\n`
}

const readAndPlan = (text: string) => {
  const table = readBulkTable(text)
  return accountOf(table, planBulk(table, guessAddressColumn(table)))
}

/**
 * Reading, validating, de-duplicating and accounting for every line of a 100,000-row list, against
 * papaparse alone: as exported, and with a stray quote on its second row (a label whose opening
 * quote closes no cell: "=HYPERLINK("…","…")), after which every line is read on its own.
 */
export async function bulkInputAtScale(): Promise<BenchRow[]> {
  const clean = bulkListOf(rowCount)
  const firstRowEnd = clean.indexOf('\r\n', clean.indexOf('\r\n') + 2)
  const strayQuote = `${clean.slice(0, firstRowEnd)};"=HYPERLINK("http://x","open")${clean.slice(firstRowEnd)}`
  const rows: BenchRow[] = []
  for (const [text, what] of [
    [clean, ''],
    [strayQuote, ', a stray quote on row 1'],
  ] as const) {
    const { measured, baseline } = await compare(
      async () => readAndPlan(text),
      async () => Papa.parse<string[]>(text, { skipEmptyLines: true }),
      { warmup: 3, samples: 15 },
    )
    rows.push(
      benchRow(
        {
          name: `bulk list of 100,000 rows${what}: read, validate, de-duplicate, account for every line`,
          baselineName: 'papaparse alone, same file',
          target: '< 2,000 ms and ≤ 1.5×',
        },
        measured,
        baseline,
      ),
    )
  }
  return rows
}
