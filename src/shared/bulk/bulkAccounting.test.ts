import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import sanctionedWallets from '../../../resources/sanctions/sanctioned-wallets.json'
import { propertyRuns } from '../../test-support/propertyRuns'
import { accountOf, planBulk, type BulkPlan } from './bulkPlan'
import { longestQuotedCell } from './bulkLines'
import { guessAddressColumn, readBulkTable, type BulkTable } from './bulkTable'

const wallets = sanctionedWallets.map((wallet) => wallet.publicKey)
const tron = 'TAoLw5yD5XUoHWeBZRSZ1ExK9HMv2CiPvP'
const ether = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const bitcoin = '123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX'

const read = (text: string, options?: Parameters<typeof planBulk>[2]) => {
  const table = readBulkTable(text)
  const plan = planBulk(table, guessAddressColumn(table), options)
  return { table, plan, account: accountOf(table, plan) }
}

const sent = (plan: BulkPlan) => plan.checks.map((check) => check.address)
const invalidLines = (plan: BulkPlan) => plan.invalid.map((row) => row.line)
const sumOf = (account: ReturnType<typeof accountOf>) =>
  account.header +
  account.blank +
  account.continued +
  account.screened +
  account.duplicate +
  account.invalid +
  account.unrecognised

describe('a stray quote', () => {
  it('is reported at its line and never swallows the lines after it', () => {
    const { plan, account } = read(
      [ether, '=HYPERLINK("http://x","open")', tron, bitcoin, ether.toLowerCase()].join('\n'),
    )
    expect(sent(plan)).toEqual([ether, tron, bitcoin])
    expect(invalidLines(plan)).toEqual([2])
    expect(plan.invalid[0]?.reason).toMatch(/quote/)
    expect(account).toMatchObject({ lines: 5, screened: 3, duplicate: 1, invalid: 1 })
  })

  it('left open at the start of a cell takes no later line with it', () => {
    const { plan, account } = read(
      ['address,label', `${ether},"open`, `${tron},x`, `${bitcoin},y`].join('\r\n'),
    )
    expect(sent(plan)).toEqual([tron, bitcoin])
    expect(invalidLines(plan)).toEqual([2])
    expect(sumOf(account)).toBe(4)
  })

  it('still lets a quoted cell run over lines when it closes cleanly', () => {
    const { table, plan, account } = read(
      ['address,note', `${ether},"two`, 'lines"', `${tron},x`].join('\n'),
    )
    expect([...table.lines]).toEqual([2, 4])
    expect(table.rows[0]?.[1]).toBe('two\nlines')
    expect(sent(plan)).toEqual([ether, tron])
    expect(account).toMatchObject({ lines: 4, header: 1, continued: 1, screened: 2 })
  })

  it('leaves the lines after it read as before it: quoted cells as papaparse reads them, empty cells as a blank line', () => {
    const { table, account } = read(
      [
        'address;label',
        `${tron};"open`,
        `${ether};"hot; cold"`,
        `${bitcoin};"say ""hi"""`,
        ';',
        `"${wallets[0]}";x`,
      ].join('\n'),
    )
    expect(table.rows.slice(1)).toEqual([
      [ether, 'hot; cold'],
      [bitcoin, 'say "hi"'],
      [wallets[0], 'x'],
    ])
    expect([...table.lines]).toEqual([2, 3, 4, 6])
    expect(account).toMatchObject({ lines: 6, header: 1, blank: 1, invalid: 1, screened: 3 })
  })

  it(`is read as a mistake once the cell would run over ${longestQuotedCell} lines`, () => {
    const filler = Array.from({ length: longestQuotedCell + 2 }, () => tron)
    const { plan } = read([`"${ether}`, ...filler, 'end"'].join('\n'))
    expect(invalidLines(plan)).toContain(1)
    expect(plan.rowChecks.filter((check) => check !== -1)).toHaveLength(filler.length)
  })
})

describe('rows and columns', () => {
  it('reports a row with one column too many by its line instead of shifting it', () => {
    const { plan } = read(
      [
        'Customer,Address,Chain',
        `C-1,${ether},Ethereum`,
        `C-2,tron,${tron},Tron`,
        `C-3,${bitcoin},Bitcoin`,
      ].join('\n'),
    )
    expect(sent(plan)).toEqual([ether, bitcoin])
    expect(invalidLines(plan)).toEqual([3])
    expect(plan.invalid[0]?.reason).toMatch(/4 cells where the header has 3/)
    expect(plan.invalid[0]?.address).toContain(tron)
  })

  it('checks a declared chain against the address and reports a mismatch by its line', () => {
    const { plan } = read(
      [
        'Customer;Wallet;Network',
        `C-1;${ether};BSC`,
        `C-2;${tron};Ethereum`,
        `C-3;${bitcoin};XBT`,
        `C-4;${tron};usdt`,
      ].join('\n'),
    )
    expect(plan.chainColumn).toBe(2)
    expect(invalidLines(plan)).toEqual([3])
    expect(plan.invalid[0]?.reason).toMatch(/says “Ethereum”, but this is a Tron address/)
    expect(sent(plan)).toEqual([ether, bitcoin, tron])
  })

  it('agrees with the chain the sanctions list itself gives every wallet', () => {
    const text = [
      'address,currency',
      ...sanctionedWallets.map((w) => `${w.publicKey},${w.currency}`),
    ].join('\n')
    const { plan } = read(text)
    const mismatches = plan.invalid.filter((row) => row.reason.includes('chain column'))
    // The one disagreement is the list's own: OFAC gives this Tron address as XBT.
    expect(mismatches.map((row) => row.address)).toEqual(['TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq'])
  })
})

describe('what is no address', () => {
  it('is listed apart with its lines and sent only when the user chooses to', () => {
    const text = [ether, '0x123', 'not-an-address', '0x123', tron].join('\n')
    const kept = read(text)
    expect(sent(kept.plan)).toEqual([ether, tron])
    expect(kept.plan.unrecognised.map((row) => [row.line, row.value])).toEqual([
      [2, '0x123'],
      [3, 'not-an-address'],
      [4, '0x123'],
    ])
    expect(kept.plan.unrecognisedValues).toBe(2)
    const chosen = read(text, { sendUnrecognised: true })
    expect(sent(chosen.plan)).toEqual([ether, '0x123', 'not-an-address', tron])
    expect(chosen.account).toEqual(kept.account)
  })

  it('never sends formulas, quotes or spaces inside, even when unrecognised values are chosen', () => {
    const junk = [
      "=cmd|' /C calc'!A0",
      '+1+1',
      '@SUM(1,1)',
      '-1',
      "it's",
      'two words',
      'a`b',
      'tab\there',
    ]
    const { plan } = read(
      ['address', ...junk.map((cell) => `"${cell.replaceAll('"', '""')}"`)].join('\n'),
      {
        sendUnrecognised: true,
      },
    )
    expect(sent(plan)).toEqual([])
    expect(invalidLines(plan)).toEqual([2, 3, 4, 5, 6, 7, 8, 9])
    expect(plan.invalid[1]?.reason).toMatch(/formula|spreadsheet/)
    expect(plan.invalid[4]?.reason).toMatch(/quot/)
    expect(plan.invalid[5]?.reason).toMatch(/space/)
  })

  it('refuses a 5,000-character cell up front', () => {
    const { plan } = read(`address\n${'A'.repeat(5000)}\n${ether}\n`, { sendUnrecognised: true })
    expect(sent(plan)).toEqual([ether])
    expect(plan.invalid[0]?.reason).toMatch(/5,000 characters long/)
  })
})

/** Lines a list may hold: real wallets, junk, formulas, stray quotes, wrong widths, blanks. */
const cellOf = fc.oneof(
  fc.constantFrom(...wallets),
  fc.constantFrom(ether, ether.toLowerCase(), tron, bitcoin, '0x123', 'not-an-address'),
  fc.constantFrom('=HYPERLINK("http://x","open")', "=cmd|' /C calc'!A0", '+1+1', '@SUM(1,1)', '-1'),
  fc.constantFrom('"', '"open', 'close"', 'a"b', '""', '"quoted, cell"', '"two'),
  fc.string({ maxLength: 12 }),
)
const lineOf = (width: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.array(cellOf, { minLength: width, maxLength: width }) },
    { weight: 1, arbitrary: fc.array(cellOf, { minLength: 0, maxLength: width + 2 }) },
    { weight: 1, arbitrary: fc.constantFrom([''], ['   '], []) },
  )
const listOf = fc
  .record({
    width: fc.integer({ min: 1, max: 3 }),
    header: fc.boolean(),
    newline: fc.constantFrom('\n', '\r\n'),
    delimiter: fc.constantFrom(',', ';', '\t'),
    finalBreak: fc.boolean(),
  })
  .chain((shape) =>
    fc.record({
      shape: fc.constant(shape),
      lines: fc.array(lineOf(shape.width), { maxLength: 40 }),
    }),
  )
  .map(({ shape, lines }) => {
    const header = shape.header ? [['Address', 'Label', 'Chain'].slice(0, shape.width)] : []
    const written = [...header, ...lines].map((cells) => cells.join(shape.delimiter))
    return (
      written.join(shape.newline) + (shape.finalBreak && written.length > 0 ? shape.newline : '')
    )
  })

/** Each physical line, split independently of the reader. */
const physicalLines = (text: string): string[] => {
  const lines = text.split(/\r\n|\n/)
  if (lines.length > 0 && lines.at(-1) === '') lines.pop()
  return lines
}

describe('every line of any list', () => {
  it('is accounted for exactly once, and the counts add up', () => {
    fc.assert(
      fc.property(listOf, fc.boolean(), (text, sendUnrecognised) => {
        const { table, plan, account } = read(text, { sendUnrecognised })
        const lines = physicalLines(text)
        expect(account.lines).toBe(lines.length)
        expect(sumOf(account)).toBe(lines.length)
        // Each row is exactly one of: sent (screened or duplicate), invalid, unrecognised.
        const invalid = new Set(plan.invalid.map((row) => row.row))
        const unrecognised = new Set(plan.unrecognised.map((row) => row.row))
        table.rows.forEach((_, row) => {
          const fates = [
            plan.rowChecks[row] !== -1 && !unrecognised.has(row),
            invalid.has(row),
            unrecognised.has(row),
          ]
          expect(fates.filter(Boolean)).toHaveLength(1)
        })
        // Every line is the header, a row's first line, a line inside a row's quoted cell or blank.
        const starts = new Set([...table.lines])
        expect(starts.size).toBe(table.rows.length)
        if (table.headerLine !== 0) expect(starts.has(table.headerLine)).toBe(false)
        const covered = new Set(starts)
        if (table.headerLine) covered.add(table.headerLine)
        lines.forEach((line, at) => {
          const number = at + 1
          if (covered.has(number)) return
          // A line of nothing but separators and empty quotes holds no value: it is blank.
          if (line.replace(/[\s,;"]/g, '') === '') return
          // Only a quote opened on an earlier line can hold a line that has no quote of its own.
          const opener = [...starts, table.headerLine]
            .filter((start) => start > 0 && start < number)
            .sort((a, b) => b - a)[0]
          expect(
            opener,
            `line ${number} (${JSON.stringify(line)}) is no row, header or blank`,
          ).toBeDefined()
          expect(lines[opener! - 1]).toContain('"')
          expect(number - opener!).toBeLessThan(longestQuotedCell)
        })
        // A line without any quote is never taken into another row's cell unless a quote opened it.
        expect(account.continued).toBeLessThanOrEqual(lines.length)
      }),
      propertyRuns(400),
    )
  })

  it('reads the messy shared vectors with the rows they have', () => {
    const table: BulkTable = readBulkTable(`address\n${wallets.join('\n')}\n`)
    expect(table.rows).toHaveLength(wallets.length)
    expect(accountOf(table, planBulk(table, 0)).lines).toBe(wallets.length + 1)
  })
})
