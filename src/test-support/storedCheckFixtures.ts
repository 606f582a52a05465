import type { CryptoCheck } from '../shared/bridge/cryptoContract'
import type { StoredCheck } from '../renderer/src/data/database/appDatabase'

export const fixtureWallet = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

/** An answered check of `fixtureWallet` under `localId` (which starts with its time) with `records` sanctions hits. */
export const storedCheckOf = (localId: string, records: number): StoredCheck => {
  const check: CryptoCheck = {
    id: `chk_${localId}`,
    status: records > 0 ? 'review_required' : 'no_match',
    totalEntity: records,
    categoryCount: { sanctions: records },
    categories: {
      sanctions: Array.from({ length: records }, (_, index) => ({
        title: [index === 0 ? fixtureWallet : `${fixtureWallet}-${index}`],
        datasets: ['us_ofac_sdn'],
      })),
    },
  }
  return {
    outcome: 'succeeded',
    localId,
    environment: 'local',
    query: fixtureWallet,
    queryKey: fixtureWallet,
    fetchedAt: localId.slice(0, 24),
    status: check.status,
    totalEntity: records,
    hitCategories: records > 0 ? ['sanctions'] : [],
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
