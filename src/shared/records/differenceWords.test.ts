import { describe, expect, it } from 'vitest'
import { differenceWords } from './differenceWords'

describe('the wording of a difference', () => {
  it('counts what is new, gone, changed and carried', () => {
    expect(
      differenceWords({
        added: ['pep:0xa'],
        removed: ['sanctions:0xa', 'crime:0xa'],
        changed: [{ hitKey: 'role:0xa', fields: ['amountUsd'] }],
        carried: 4,
      }),
    ).toEqual(['1 new hit', '2 hits no longer listed', '1 hit changed', '4 decisions carried'])
    expect(differenceWords({ added: [], removed: [] })).toEqual([])
  })

  it('names categories and fields when asked', () => {
    expect(
      differenceWords(
        {
          added: ['sanctions:0xa', 'sanctions:0xb'],
          removed: ['pep:0xa'],
          changed: [{ hitKey: 'role:0xa', fields: ['amountUsd', 'topics'] }],
        },
        (code) => code.toUpperCase(),
      ),
    ).toEqual([
      '2 new hits (SANCTIONS)',
      '1 hit no longer listed (PEP)',
      '1 hit changed (amountUsd, topics)',
    ])
  })
})
