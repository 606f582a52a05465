import { describe, expect, it } from 'vitest'
import { formatBalance, formatUsd, groupDecimalText } from './recordAmounts'

describe('record amounts', () => {
  it('groups the whole part and keeps every fractional digit', () => {
    expect(groupDecimalText('1234567.123456789012')).toBe('1,234,567.123456789012')
    expect(groupDecimalText('999')).toBe('999')
    expect(groupDecimalText('-1000')).toBe('-1,000')
    expect(groupDecimalText('not a number')).toBe('not a number')
  })

  it('writes a balance with its currency unit', () => {
    expect(formatBalance('4232.067331', 'ETH')).toBe('4,232.067331 ETH')
    expect(formatBalance('12', undefined)).toBe('12')
  })

  it('writes US dollars as currency', () => {
    expect(formatUsd('2234567.5')).toBe('$2,234,567.50')
    expect(formatUsd('0.1')).toBe('$0.10')
    expect(formatUsd('n/a')).toBe('n/a')
  })
})
