import fc from 'fast-check'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { neutraliseCsvCell, readNeutralisedCsvCell } from './csvSafety'

describe('neutraliseCsvCell', () => {
  it('prefixes a single quote to every value a spreadsheet would start a formula with', () => {
    expect(neutraliseCsvCell('=HYPERLINK("http://x","open")')).toBe(
      `'=HYPERLINK("http://x","open")`,
    )
    expect(neutraliseCsvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0")
    expect(neutraliseCsvCell('+1+1')).toBe("'+1+1")
    expect(neutraliseCsvCell('-2')).toBe("'-2")
    expect(neutraliseCsvCell('@SUM(1,1)')).toBe("'@SUM(1,1)")
    expect(neutraliseCsvCell('\t=1')).toBe("'\\u{9}=1")
    expect(neutraliseCsvCell('\r=1')).toBe("'\\u{d}=1")
  })

  it('escapes control, bidi and separator characters anywhere, and the backslash itself', () => {
    expect(neutraliseCsvCell('a\nb\x1b[31m\u202Ec\\d')).toBe('a\\u{a}b\\u{1b}[31m\\u{202e}c\\\\d')
  })

  it('keeps an ordinary value as it is', () => {
    for (const value of [
      '',
      '0x7F367cC41522cE07553e823bf3be79A889DEbe1B',
      'Lazarus Group',
      'a=b',
    ]) {
      expect(neutraliseCsvCell(value)).toBe(value)
    }
  })

  it('also prefixes a value that begins with a quote, so the prefix is never ambiguous', () => {
    expect(neutraliseCsvCell("'quoted")).toBe("''quoted")
    expect(readNeutralisedCsvCell("''quoted")).toBe("'quoted")
  })
})

describe('readNeutralisedCsvCell', () => {
  it('reads back every value, through a CSV file that quotes every cell', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1 }), (values) => {
        // Written as hits.csv and the bulk results file are: Papa, every cell quoted.
        const csv = Papa.unparse([values.map(neutraliseCsvCell)], { quotes: true, newline: '\n' })
        const [row] = Papa.parse<string[]>(csv, { delimiter: ',', newline: '\n' }).data
        expect(row?.map(readNeutralisedCsvCell)).toEqual(values)
      }),
    )
  })

  it('refuses a cell that is no writing of ours: a live formula, a lone backslash, a needless escape', () => {
    expect(() => readNeutralisedCsvCell('=HYPERLINK("http://x")')).toThrow(/not written/)
    expect(() => readNeutralisedCsvCell('a\\b')).toThrow(/no escape/)
    expect(() => readNeutralisedCsvCell('\\u{110000}')).toThrow(/no escape/)
    expect(() => readNeutralisedCsvCell('\\u{41}')).toThrow(/not written/)
    expect(() => readNeutralisedCsvCell('a\nb')).toThrow(/not written/)
  })
})
