import { describe, expect, it } from 'vitest'
import type { CryptoCheck } from '../bridge/cryptoContract'
import { hitsOf } from './checkHits'
import { groupHitsByRecord } from './recordGroups'

const pepWallet = {
  title: ['0x5ca1ab1e00000000000000000000000000000001'],
  entityType: 'CryptoWallet',
  datasets: ['synthetic_pep_register'],
  alias: ['Synthetic Politically Exposed Person'],
  publicKey: ['0x5ca1ab1e00000000000000000000000000000001'],
  topics: ['role.pep', 'poi'],
}
const other = { ...pepWallet, title: ['0xother'], publicKey: ['0xother'] }

const checkWith = (categories: Record<string, Record<string, unknown>[]>): CryptoCheck =>
  ({ id: 'c1', status: 'review_required', categories }) as unknown as CryptoCheck

describe('groupHitsByRecord', () => {
  it('shows one record listed under four categories once, with its categories and four hits', () => {
    const hits = hitsOf(
      checkWith({
        pep: [pepWallet],
        personOfInterest: [{ ...pepWallet }],
        role: [pepWallet],
        government: [pepWallet],
        sanctions: [],
      }),
    )
    const groups = groupHitsByRecord(hits)
    expect(groups).toHaveLength(1)
    expect(groups[0]?.categories).toEqual(['pep', 'personOfInterest', 'role', 'government'])
    // Decisions stay keyed per hit: every category's own key is kept.
    expect(groups[0]?.hits.map((hit) => hit.hitKey)).toEqual([
      'pep:0x5ca1ab1e00000000000000000000000000000001#Synthetic Politically Exposed Person',
      'personOfInterest:0x5ca1ab1e00000000000000000000000000000001#Synthetic Politically Exposed Person',
      'role:0x5ca1ab1e00000000000000000000000000000001#Synthetic Politically Exposed Person',
      'government:0x5ca1ab1e00000000000000000000000000000001#Synthetic Politically Exposed Person',
    ])
  })

  it('keeps different records apart, in the order they first came', () => {
    const groups = groupHitsByRecord(
      hitsOf(checkWith({ sanctions: [other, pepWallet], crime: [pepWallet] })),
    )
    expect(groups.map((group) => [group.record.title, group.categories])).toEqual([
      [['0xother'], ['sanctions']],
      [pepWallet.title, ['sanctions', 'crime']],
    ])
  })

  it('does not merge a record whose content differs between categories: nothing is hidden', () => {
    const changed = { ...pepWallet, datasets: ['another_list'] }
    const groups = groupHitsByRecord(hitsOf(checkWith({ pep: [pepWallet], role: [changed] })))
    expect(groups).toHaveLength(2)
  })

  it('reads members in any order as the same record', () => {
    const reordered = Object.fromEntries(Object.entries(pepWallet).reverse())
    expect(
      groupHitsByRecord(hitsOf(checkWith({ pep: [pepWallet], role: [reordered] }))),
    ).toHaveLength(1)
  })

  it('gives nothing for a check with no hit', () => {
    expect(groupHitsByRecord(hitsOf(checkWith({ pep: [] })))).toEqual([])
  })
})
