import { apiPaths } from '../../../shared/api/apiPaths'
import { cryptoCheckOfData } from '../../../shared/api/cryptoAnswer'
import type { CryptoSearchResult } from '../../../shared/bridge/cryptoContract'
import type { ResolvedEnvironment } from '../environments/environmentService'
import type { ApiClient, ApiRequest } from './apiClient'
import { unreadableData } from './apiErrors'

export interface CryptoSearchRequest {
  query: string
  advancedSearch?: Record<string, string | undefined>
  signal?: AbortSignal
  journal?: ApiRequest['journal']
  /** Queued work (bulk, outbox) waits behind a person's searches; interactive by default. */
  pace?: ApiRequest['pace']
  /** Never re-send once it may have reached the service (billed checks always are). */
  atMostOnce?: boolean
}

export async function runCryptoSearch(
  client: ApiClient,
  environment: ResolvedEnvironment,
  request: CryptoSearchRequest,
): Promise<CryptoSearchResult> {
  const body = {
    query: request.query,
    isSubjectConsent: true,
    type: 'all',
    ...(request.advancedSearch ? { advancedSearch: request.advancedSearch } : {}),
  }
  const reply = await client.send(environment, {
    method: 'POST',
    path: apiPaths.cryptoSearch,
    body,
    signal: request.signal,
    journal: request.journal,
    ...(request.pace ? { pace: request.pace } : {}),
    billed: environment.id === 'production',
    atMostOnce: environment.id === 'production' || request.atMostOnce === true,
  })
  const check = cryptoCheckOfData(reply.data)
  if (!check) throw unreadableData(environment.label, reply)
  return {
    environment: environment.id,
    check,
    evidence: reply.evidence,
  }
}
