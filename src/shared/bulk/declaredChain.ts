import { squash } from './bulkTable'

/** Names a column saying which chain each wallet is on goes by (squashed). */
const chainColumnNames = ['chain', 'network', 'blockchain', 'cryptocurrency', 'currency', 'coin']

/** The column that declares each row's chain, by its header's name; null when none does. */
export function findChainColumn(columns: readonly string[], hasHeader: boolean): number | null {
  if (!hasHeader) return null
  const squashed = columns.map(squash)
  for (const name of chainColumnNames) {
    const found = squashed.indexOf(name)
    if (found !== -1) return found
  }
  return null
}

/**
 * What the address check may call a wallet of each chain a list may name, by the list's words
 * (squashed). Formats shared by several chains are reported as the chain that defines them (see
 * AddressChain): every EVM chain's `0x…` as Ethereum, a legacy `1…`/`3…` Bitcoin Cash, Bitcoin
 * SV or Litecoin P2SH address as Bitcoin, Verge's and DigiByte's `D…` as Dogecoin. Chains the
 * address check may not know yet are named too: a name only matters once it reports them. A name not here (USDT runs on several chains)
 * is not compared.
 */
const evm = ['ethereum']
const formatsByName = new Map<string, readonly string[]>(
  Object.entries({
    bitcoin: ['bitcoin'],
    btc: ['bitcoin'],
    xbt: ['bitcoin'],
    bitcoinsv: ['bitcoin'],
    bsv: ['bitcoin'],
    bitcointestnet: ['bitcoin-testnet'],
    testnet: ['bitcoin-testnet'],
    bitcoincash: ['bitcoin-cash', 'bitcoin'],
    bch: ['bitcoin-cash', 'bitcoin'],
    litecoin: ['litecoin', 'bitcoin'],
    ltc: ['litecoin', 'bitcoin'],
    dash: ['dash'],
    bitcoingold: ['bitcoin-gold'],
    btg: ['bitcoin-gold'],
    dogecoin: ['dogecoin'],
    doge: ['dogecoin'],
    verge: ['dogecoin'],
    xvg: ['dogecoin'],
    digibyte: ['dogecoin'],
    dgb: ['dogecoin'],
    monero: ['monero'],
    xmr: ['monero'],
    zcash: ['zcash'],
    zec: ['zcash'],
    ethereum: evm,
    eth: evm,
    erc20: evm,
    evm,
    ethereumclassic: evm,
    etc: evm,
    arbitrum: evm,
    arb: evm,
    bsc: evm,
    bnbsmartchain: evm,
    binancesmartchain: evm,
    bep20: evm,
    bnb: ['ethereum', 'bnb-beacon'],
    bnbbeaconchain: ['bnb-beacon'],
    polygon: evm,
    matic: evm,
    avalanche: evm,
    avax: evm,
    optimism: evm,
    base: evm,
    fantom: evm,
    tron: ['tron'],
    trx: ['tron'],
    trc20: ['tron'],
    xrp: ['xrp'],
    ripple: ['xrp'],
    xrpledger: ['xrp'],
    solana: ['solana'],
    sol: ['solana'],
  }),
)

/**
 * Whether a row's declared chain agrees with the chain its address was recognised as: true when
 * it does, or when the declared name is empty or not one the app knows (nothing to compare).
 */
export function declaredChainAgrees(declared: string, detected: string): boolean {
  const formats = formatsByName.get(squash(declared))
  return formats === undefined || formats.includes(detected)
}
