/**
 * Wallets a first-time user can try on the local sandbox, one of each kind of answer. The
 * sandbox's own test proves each gives the answer named here.
 */
export interface SampleWallet {
  label: string
  /** What the check will show, in a few words. */
  expect: string
  query: string
}

export const sampleWallets: readonly SampleWallet[] = [
  {
    label: 'Sanctioned wallet',
    expect: 'OFAC SDN list',
    // Listed in resources/sanctions/sanctioned-wallets.json (a real OFAC designation).
    query: '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
  },
  {
    label: 'Politically exposed person',
    expect: 'made up, four categories',
    query: '0x5ca1ab1e00000000000000000000000000000001',
  },
  {
    label: 'Clean wallet',
    expect: 'no match',
    // The Bitcoin genesis block's address: well known, on no list.
    query: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  },
]
