import { describe, expect, it } from 'vitest'
import { unlinkingSentences } from './unlinkingWords'

const effect = (withdrawn: number, standingOnLatest = 0, thenUndecided = 0, carriedOn = 0) => ({
  withdrawn: Array<unknown>(withdrawn).fill({}),
  standingOnLatest,
  thenUndecided,
  carriedOn,
})

describe('what the Unlink dialog says goes', () => {
  it('says nothing of decisions when the check has none and carried none', () => {
    expect(unlinkingSentences(effect(0))).toEqual([])
  })

  it('counts the check’s own decisions', () => {
    expect(unlinkingSentences(effect(4))).toEqual(['This withdraws 4 decisions on its hits.'])
  })

  it('names those the latest check of the wallet kept from it, and the hits then undecided', () => {
    expect(unlinkingSentences(effect(2, 1, 1))).toEqual([
      'This withdraws 2 decisions on its hits, 1 of them kept on the latest check of this wallet.',
      'That hit then needs a decision again.',
    ])
    expect(unlinkingSentences(effect(1, 1, 1))).toEqual([
      'This withdraws 1 decision on its hits, which the latest check of this wallet kept.',
      'That hit then needs a decision again.',
    ])
    expect(unlinkingSentences(effect(3, 3, 1))).toEqual([
      'This withdraws 3 decisions on its hits, all kept on the latest check of this wallet.',
      'Then 1 hit needs a decision again; 2 keep an older check’s decision.',
    ])
    expect(unlinkingSentences(effect(2, 1, 0))[1]).toBe(
      'An older check’s decision then stands on that hit.',
    )
  })

  it('says that decisions carried from it to a later check stay', () => {
    expect(unlinkingSentences(effect(1, 0, 0, 1))).toEqual([
      'This withdraws 1 decision on its hits.',
      'The 1 decision carried from it to a later check of this wallet stays.',
    ])
  })
})
