import { describe, expect, it } from 'vitest'
import { messyWalletFile, pastedWallets } from '../../test-support/messyWalletList'
import { linesOfChecks, planBulk } from './bulkPlan'
import { guessAddressColumn, readBulkTable } from './bulkTable'

describe('reading a wallet list', () => {
  it('numbers lines right when fields are quoted but none spans a line', () => {
    const table = readBulkTable('address,label\r\n0xa,"one"\r\n\r\n0xb,"two, three"\r\n0xc,x\r\n')
    expect(table.rows.map((row) => row[1])).toEqual(['one', 'two, three', 'x'])
    expect([...table.lines]).toEqual([2, 4, 5])
  })

  it('reads a messy spreadsheet export: BOM, semicolons, quotes, CRLF, blank lines, a header', () => {
    const table = readBulkTable(messyWalletFile)
    expect(table.delimiter).toBe(';')
    expect(table.hasHeader).toBe(true)
    expect(table.columns).toEqual(['Customer ref', 'Wallet address', 'Label'])
    expect([...table.lines]).toEqual([2, 4, 5, 8, 9, 10, 11, 12, 13])
    expect(table.rows[0]).toEqual([
      'C-001',
      '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
      'Exchange; hot wallet',
    ])
    expect(table.rows[2]?.[2]).toBe('two\r\nlines')
    expect(guessAddressColumn(table)).toBe(1)
  })

  it('reads pasted text one address a line, with no header', () => {
    const table = readBulkTable(pastedWallets)
    expect(table.hasHeader).toBe(false)
    expect(table.columns).toEqual(['Column 1'])
    expect([...table.lines]).toEqual([1, 3, 4, 5])
    expect(guessAddressColumn(table)).toBe(0)
  })

  it('finds the address column by its contents when the header does not name it', () => {
    const table = readBulkTable(
      'ref\tnote\tkey\nA\tx\tTAoLw5yD5XUoHWeBZRSZ1ExK9HMv2CiPvP\nB\ty\t123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX\n',
    )
    expect(table.delimiter).toBe('\t')
    expect(table.hasHeader).toBe(true)
    expect(guessAddressColumn(table)).toBe(2)
  })

  it('reads a headerless comma file', () => {
    const table = readBulkTable(
      'TAoLw5yD5XUoHWeBZRSZ1ExK9HMv2CiPvP,first\r\n0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,second\r\n',
    )
    expect(table.delimiter).toBe(',')
    expect(table.hasHeader).toBe(false)
    expect(table.rows).toHaveLength(2)
    expect(guessAddressColumn(table)).toBe(0)
  })
})

describe('planning the checks', () => {
  it('lists invalid rows with their lines and reasons, and collapses duplicates', () => {
    const table = readBulkTable(messyWalletFile)
    const plan = planBulk(table, 1)
    const invalid = plan.invalid
    expect(invalid.map((row) => row.line)).toEqual([8, 12])
    expect(invalid[0]?.reason).toContain('checksum is wrong')
    expect(invalid[0]?.chain).toBe('ethereum')
    expect(invalid[1]?.chain).toBe('bitcoin')
    // Three cases of one EVM wallet, a Bitcoin address twice: 4 checks for 7 valid rows.
    expect(linesOfChecks(plan, table.lines)).toEqual([[2, 4, 9], [5, 11], [10], [13]])
    expect(plan.duplicateCount).toBe(3)
    expect(plan.checks[0]?.queryKey).toBe('0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf')
    expect(plan.checks[2]?.chain).toBe('tron')
    expect([...plan.rowChecks]).toEqual([0, 0, 1, -1, 0, 2, 1, -1, 3])
  })

  it('compares non-EVM addresses exactly', () => {
    const plan = planBulk(
      readBulkTable('LaizKtS5DUhPuP1nTQcc83MS7HwK6vk85z\nlaizkts5duhpup1ntqcc83ms7hwk6vk85z\n'),
      0,
      { sendUnrecognised: true },
    )
    // Base58 is case-sensitive: the lower-case text is another (unrecognised) identifier.
    expect(plan.checks.map((check) => check.chain)).toEqual(['litecoin', null])
  })

  it('keeps texts apart that share their length and their last characters', () => {
    const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    const lookalike = `zz${wallet.slice(2)}`
    const plan = planBulk(readBulkTable(`${wallet}\n${lookalike}\n${wallet}\n${lookalike}\n`), 0, {
      sendUnrecognised: true,
    })
    expect([...plan.rowChecks]).toEqual([0, 1, 0, 1])
    expect(plan.checks.map((check) => [check.address, check.chain])).toEqual([
      [wallet, 'ethereum'],
      [lookalike, null],
    ])
  })
})
