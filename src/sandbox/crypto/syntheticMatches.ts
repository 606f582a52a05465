import type { CryptoCategoryName } from '../../shared/api/cryptoCategories'
import type { WalletRecord } from './walletRecords'

export interface SyntheticMatch {
  record: WalletRecord
  categories: CryptoCategoryName[]
}

/**
 * Made-up wallets (their hex spells words, so nobody mistakes them for real ones) that hit the
 * categories the real sanctions data never fills, so every category can be seen and tested.
 */
export const syntheticMatches: SyntheticMatch[] = [
  {
    record: {
      publicKey: '0x5ca1ab1e00000000000000000000000000000001',
      currency: 'ETH',
      datasets: ['synthetic_pep_register'],
      topics: ['role.pep', 'poi'],
      holder: 'Synthetic Politically Exposed Person',
    },
    categories: ['pep', 'personOfInterest', 'role', 'government'],
  },
  {
    record: {
      publicKey: '0xfee1dead00000000000000000000000000000002',
      currency: 'USDT',
      datasets: ['synthetic_frozen_assets', 'synthetic_fin_services_warnings'],
      topics: ['asset.frozen', 'fin', 'crime.fin'],
      holder: 'Synthetic Frozen Asset Holder Ltd',
    },
    categories: ['frozen_asset', 'financial_services', 'crime'],
  },
  {
    record: {
      publicKey: '0xdebac1e000000000000000000000000000000003',
      currency: 'ETH',
      datasets: ['synthetic_debarment_list'],
      topics: ['debarment', 'mil', 'rel'],
      holder: 'Synthetic Debarred Contractor',
    },
    categories: ['debarment', 'military', 'religion'],
  },
]
