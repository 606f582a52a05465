import { describe, expect, it } from 'vitest'
import type { CryptoCheck } from '../bridge/cryptoContract'
import { checkDifference, isMaterial } from './checkDifference'

const wallet = (publicKey: string, extra: Record<string, unknown> = {}) => ({
  title: [publicKey],
  entityType: 'CryptoWallet',
  datasets: ['us_ofac_sdn'],
  topics: ['sanction'],
  alias: ['Holder'],
  publicKey: [publicKey],
  amountUsd: ['10.00'],
  ...extra,
})

const check = (categories: Record<string, Array<Record<string, unknown>>>): CryptoCheck => ({
  id: 'c',
  status: 'review_required',
  totalEntity: Object.values(categories).flat().length,
  categoryCount: Object.fromEntries(
    Object.entries(categories).map(([name, records]) => [name, records.length]),
  ),
  categories,
})

describe('the difference between two checks of a wallet', () => {
  it('finds nothing between a check and itself, whatever the order of its tags', () => {
    const before = check({ sanctions: [wallet('0xaa', { topics: ['sanction', 'crime.fin'] })] })
    const after = check({ sanctions: [wallet('0xaa', { topics: ['crime.fin', 'sanction'] })] })
    const difference = checkDifference(before, after)
    expect(difference.unchanged.map((hit) => hit.hitKey)).toEqual(['sanctions:0xaa#Holder'])
    expect([difference.added, difference.removed, difference.changed]).toEqual([[], [], []])
    expect(isMaterial(difference)).toBe(false)
  })

  it('names records new, removed and changed, per category, with the fields that changed', () => {
    const before = check({
      sanctions: [wallet('0xaa'), wallet('0xbb')],
      pep: [],
    })
    const after = check({
      sanctions: [wallet('0xbb', { datasets: ['us_ofac_sdn', 'eu_fsf'], amountUsd: ['12.00'] })],
      pep: [wallet('0xaa', { topics: ['role.pep'] })],
    })
    const difference = checkDifference(before, after)
    expect(difference.added.map((hit) => hit.hitKey)).toEqual(['pep:0xaa#Holder'])
    expect(difference.removed.map((hit) => hit.hitKey)).toEqual(['sanctions:0xaa#Holder'])
    expect(difference.changed).toEqual([
      expect.objectContaining({ fields: ['amountUsd', 'datasets'] }),
    ])
    expect(isMaterial(difference)).toBe(true)
  })

  it('reads a wallet delisted since as its record removed', () => {
    const difference = checkDifference(check({ sanctions: [wallet('0xaa')] }), check({}))
    expect(difference.removed.map((hit) => hit.title)).toEqual(['0xaa'])
    expect(isMaterial(difference)).toBe(true)
  })
})
