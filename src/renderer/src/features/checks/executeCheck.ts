import { validateAddress } from '../../../../shared/address'
import type { EnvironmentId } from '../../../../shared/environments'
import { callBridge } from '../../bridge/bridgeClient'
import { appDatabase } from '../../db/appDatabase'
import { saveCheck, toStoredCheck } from './checkStore'

export interface CheckRequest {
  /** The request id, and the saved check's id. */
  localId: string
  query: string
  environment?: EnvironmentId
  advancedSearch?: Record<string, string>
  atMostOnce?: boolean
}

/** Runs one crypto check through the bridge and saves it with its evidence; throws BridgeCallError. */
export async function executeCheck(request: CheckRequest): Promise<void> {
  const result = await callBridge('crypto.search', {
    requestId: request.localId,
    query: request.query,
    isSubjectConsent: true,
    type: 'all',
    ...(request.environment ? { environment: request.environment } : {}),
    ...(request.atMostOnce ? { atMostOnce: true } : {}),
    ...(request.advancedSearch ? { advancedSearch: request.advancedSearch } : {}),
  })
  await saveCheck(
    appDatabase,
    toStoredCheck(
      request.localId,
      request.query,
      validateAddress(request.query).normalized,
      result,
      request.advancedSearch,
    ),
  )
}
