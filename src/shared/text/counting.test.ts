import { describe, expect, it } from 'vitest'
import { countOf, formatNumber, noun, nounFor } from './counting'

describe('counting', () => {
  const check = noun('check')
  it('chooses the plural form from the count', () => {
    expect(countOf(1, check)).toBe('1 check')
    expect(countOf(0, check)).toBe('0 checks')
    expect(countOf(2, check)).toBe('2 checks')
    expect(nounFor(1, noun('entity', 'entities'))).toBe('entity')
    expect(nounFor(3, noun('entity', 'entities'))).toBe('entities')
  })

  it('groups the digits of large numbers', () => {
    expect(countOf(200000, check)).toBe('200,000 checks')
    expect(formatNumber(1234567.5)).toBe('1,234,567.5')
  })
})
