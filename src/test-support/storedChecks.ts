import type { CryptoCheck } from '../shared/bridge/cryptoContract'
import type { StoredCheck } from '../renderer/src/data/database/appDatabase'

/** A wallet record as the service sends one in a category. */
export const walletRecord = (publicKey: string, extra: Record<string, unknown> = {}) => ({
  title: [publicKey],
  entityType: 'CryptoWallet',
  datasets: ['us_ofac_sdn'],
  topics: ['sanction'],
  publicKey: [publicKey],
  ...extra,
})

/**
 * An answered check of `query` as the check repository stores it, keyed `localId` (whose first
 * 24 characters are its time), with `categories` as the service answered them.
 */
export function storedCheck(
  localId: string,
  query: string,
  categories: Record<string, Array<Record<string, unknown>>>,
): StoredCheck {
  const totalEntity = Object.values(categories).flat().length
  const check: CryptoCheck = {
    id: `chk_${localId}`,
    status: totalEntity > 0 ? 'review_required' : 'no_match',
    totalEntity,
    categoryCount: Object.fromEntries(
      Object.entries(categories).map(([name, records]) => [name, records.length]),
    ),
    categories,
  }
  return {
    outcome: 'succeeded',
    localId,
    environment: 'local',
    query,
    queryKey: query,
    fetchedAt: localId.slice(0, 24),
    status: check.status,
    totalEntity,
    hitCategories: Object.keys(categories).filter((name) => categories[name]!.length > 0),
    searchTerms: [],
    check,
    evidence: {
      environment: 'local',
      baseUrl: 'http://127.0.0.1:1/v2/api',
      request: { method: 'POST', path: '/x', body: null },
      response: { status: 200, headers: {}, bodyBase64: '', bytes: 0 },
      startedAt: localId.slice(0, 24),
      durationMs: 1,
      attempts: 1,
    },
  }
}

export const fixtureWallet = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

/** An answered check of `fixtureWallet` under `localId` (which starts with its time) with `records` sanctions hits. */
export const storedCheckOf = (localId: string, records: number): StoredCheck =>
  storedCheck(localId, fixtureWallet, {
    sanctions: Array.from({ length: records }, (_, index) => ({
      title: [index === 0 ? fixtureWallet : `${fixtureWallet}-${index}`],
      datasets: ['us_ofac_sdn'],
    })),
  })
