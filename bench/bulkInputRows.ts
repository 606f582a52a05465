import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { planBulk } from '../src/shared/bulk/bulkPlan'
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

/** Reading, validating and de-duplicating a 100,000-row list, against papaparse alone. */
export async function bulkInputAtScale(): Promise<BenchRow> {
  const text = bulkListOf(rowCount)
  const { measured, baseline } = await compare(
    async () => {
      const table = readBulkTable(text)
      return planBulk(table, guessAddressColumn(table))
    },
    async () => Papa.parse<string[]>(text, { skipEmptyLines: true }),
    { warmup: 3, samples: 15 },
  )
  return benchRow(
    {
      name: 'bulk list of 100,000 rows: read, validate, de-duplicate',
      baselineName: 'papaparse alone, same file',
      target: '< 2,000 ms and ≤ 1.5×',
    },
    measured,
    baseline,
  )
}
