import { describe, expect, it } from 'vitest'
import { storedCheck, walletRecord } from '../../test-support/storedChecks'
import { checkTimeOf, hitsLostAfter } from './walletTimeline'

const wallet = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1'
const other = '0x5ca1ab1e00000000000000000000000000000001'

describe('hits a later check of the wallet no longer has', () => {
  it('names each lost hit with the time of the check that lost it, wallet by wallet', () => {
    const listed = storedCheck('2024-06-01T10:00:00.000Z_a', wallet, {
      sanctions: [walletRecord(wallet)],
    })
    const stillListed = storedCheck('2025-01-01T10:00:00.000Z_b', wallet, {
      sanctions: [walletRecord(wallet)],
    })
    const delisted = storedCheck('2025-04-01T10:00:00.000Z_c', wallet, {})
    const unrelated = storedCheck('2025-05-01T10:00:00.000Z_d', other, {})
    const lost = hitsLostAfter([delisted, unrelated, listed, stillListed])
    expect([...lost.keys()]).toEqual([stillListed.localId])
    expect(lost.get(stillListed.localId)).toEqual(
      new Map([[`sanctions:${wallet}`, delisted.fetchedAt]]),
    )
  })

  it('reads a check’s time from its key', () => {
    expect(checkTimeOf('2024-06-01T10:00:00.000Z_5f1c')).toBe('2024-06-01T10:00:00.000Z')
  })
})
