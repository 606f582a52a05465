import type { CryptoCheck } from '../bridge/cryptoContract'
import { hitsOf } from '../cases/checkHits'

export interface TimedCheck {
  localId: string
  environment: string
  queryKey: string
  fetchedAt: string
  check: CryptoCheck
}

/**
 * For each check, the hits the next check of the same wallet (same environment) no longer has,
 * with the time of that next check: "no longer listed since". A hit that a later check still has
 * is not lost, whatever came after.
 */
export function hitsLostAfter(checks: readonly TimedCheck[]): Map<string, Map<string, string>> {
  const byWallet = new Map<string, TimedCheck[]>()
  for (const check of checks) {
    const wallet = `${check.environment}|${check.queryKey}`
    byWallet.set(wallet, [...(byWallet.get(wallet) ?? []), check])
  }
  const lost = new Map<string, Map<string, string>>()
  for (const series of byWallet.values()) {
    series.sort((a, b) => a.fetchedAt.localeCompare(b.fetchedAt))
    for (const [index, earlier] of series.entries()) {
      const next = series[index + 1]
      if (!next) continue
      const kept = new Set(hitsOf(next.check).map((hit) => hit.hitKey))
      const gone = hitsOf(earlier.check).filter((hit) => !kept.has(hit.hitKey))
      if (gone.length > 0) {
        lost.set(earlier.localId, new Map(gone.map((hit) => [hit.hitKey, next.fetchedAt])))
      }
    }
  }
  return lost
}

/** When a check was made, from its key (`<time>_<request id>`): what a carried decision names. */
export const checkTimeOf = (localId: string): string => localId.slice(0, localId.indexOf('_'))
