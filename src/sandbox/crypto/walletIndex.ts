import type { WalletRecord } from './walletRecords'

const evmAddress = /^0x[0-9a-fA-F]{40}$/

/**
 * How a wallet identifier is compared: 0x-hex EVM addresses are case-insensitive (EIP-55 case is
 * only a checksum), every other encoding (base58, bech32 data, …) is exact; outer whitespace never counts.
 */
export function walletIdentifierKey(identifier: string): string {
  const trimmed = identifier.trim()
  return evmAddress.test(trimmed) ? trimmed.toLowerCase() : trimmed
}

/** Wallet records by identifier: a search is one map lookup, whatever the number of wallets. */
export class WalletIndex {
  private readonly byKey = new Map<string, WalletRecord[]>()

  constructor(records: Iterable<WalletRecord>, delisted: Iterable<string> = []) {
    const excluded = new Set([...delisted].map(walletIdentifierKey))
    for (const record of records) {
      const key = walletIdentifierKey(record.publicKey)
      if (excluded.has(key)) continue
      const existing = this.byKey.get(key)
      if (existing) existing.push(record)
      else this.byKey.set(key, [record])
    }
  }

  get size(): number {
    return this.byKey.size
  }

  lookup(identifier: string): readonly WalletRecord[] {
    return this.byKey.get(walletIdentifierKey(identifier)) ?? []
  }
}
