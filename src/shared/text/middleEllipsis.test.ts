import { describe, expect, it } from 'vitest'
import { middleEllipsis } from './middleEllipsis'

describe('middleEllipsis', () => {
  it('keeps the start and the end of a long identifier', () => {
    expect(middleEllipsis('0x5ca1ab1e00000000000000000000000000000001')).toBe('0x5ca1ab1e…00000001')
    expect(middleEllipsis('ent_0123456789abcdefghij', 6, 4)).toBe('ent_01…ghij')
  })

  it('leaves a value whole when shortening would save little', () => {
    expect(middleEllipsis('0123456789abcdefghi')).toBe('0123456789abcdefghi')
    expect(middleEllipsis('0123456789abcdefghijk')).toBe('0123456789abcdefghijk')
    expect(middleEllipsis('0123456789abcdefghijkl')).toBe('0123456789…efghijkl')
  })

  it('never cuts a character in two', () => {
    expect(middleEllipsis('😀'.repeat(30), 2, 2)).toBe('😀😀…😀😀')
  })
})
