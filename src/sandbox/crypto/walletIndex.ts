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

/** A day as `YYYY-MM-DD`, which orders as text the way the days do. */
export type IsoDay = string

export const isoDayOf = (time: Date): IsoDay => time.toISOString().slice(0, 10)

/** A record is listed from its designation day (always, when it has none) to the day it was removed. */
const listedOn = (record: WalletRecord, day: IsoDay): boolean =>
  (record.designationDate === undefined || record.designationDate <= day) &&
  (record.delistedOn === undefined || day < record.delistedOn)

/** Wallet records by identifier: a search is one map lookup, whatever the number of wallets. */
export class WalletIndex {
  private readonly byKey = new Map<string, WalletRecord[]>()

  constructor(records: Iterable<WalletRecord>) {
    for (const record of records) {
      const key = walletIdentifierKey(record.publicKey)
      const existing = this.byKey.get(key)
      if (existing) existing.push(record)
      else this.byKey.set(key, [record])
    }
  }

  get size(): number {
    return this.byKey.size
  }

  /** The records of `identifier` listed on `day`: the list as it stood then. */
  lookup(identifier: string, day: IsoDay): WalletRecord[] {
    return (this.byKey.get(walletIdentifierKey(identifier)) ?? []).filter((record) =>
      listedOn(record, day),
    )
  }
}
