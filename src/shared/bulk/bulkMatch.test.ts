import { describe, expect, it } from 'vitest'
import { walletRecord } from '../../test-support/storedChecks'
import type { CryptoCheck } from '../bridge/cryptoContract'
import { bulkMatchOf } from './bulkMatch'

const listed = '0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c'
const wallet = (currency: string, extra: Record<string, unknown> = {}) =>
  walletRecord(listed, { alias: ['Sim, Hyon Sop'], currency: [currency], ...extra })

const checkOf = (records: Record<string, unknown>[]): CryptoCheck => ({
  id: 'c1',
  status: 'review_required',
  totalEntity: records.length,
  categoryCount: { crime: records.length },
  categories: { crime: records },
})

describe('what a bulk address matched', () => {
  it('names the holder once, the lists by name and every chain the list gives the wallet', () => {
    const match = bulkMatchOf(
      checkOf([
        wallet('ARB'),
        wallet('BSC'),
        wallet('ETH', { datasets: ['us_ofac_sdn', 'gb_hmt_sanctions'] }),
      ]),
    )
    expect(match).toEqual({
      holders: ['Sim, Hyon Sop'],
      lists: ['US OFAC SDN list', 'UK HM Treasury sanctions list'],
      chains: ['ARB', 'BSC', 'ETH'],
    })
  })

  it('falls back to the record title when no alias is given, and is empty without hits', () => {
    expect(bulkMatchOf(checkOf([wallet('TRX', { alias: [] })])).holders).toEqual([listed])
    expect(bulkMatchOf(checkOf([]))).toEqual({ holders: [], lists: [], chains: [] })
  })
})
