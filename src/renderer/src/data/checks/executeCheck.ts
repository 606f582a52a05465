import { validateAddress } from '../../../../shared/address'
import type { EnvironmentId } from '../../../../shared/environments'
import { callBridge } from '../../bridge/bridgeClient'
import { appDatabase } from '../database/appDatabase'
import { saveCheck, toStoredCheck } from './checkRepository'

export interface CheckRequest {
  requestId: string
  query: string
  environment?: EnvironmentId
  advancedSearch?: Record<string, string>
  atMostOnce?: boolean
}

/**
 * Runs one crypto check through the bridge and saves it with its evidence; returns the saved
 * check's key. Throws BridgeCallError.
 */
export async function executeCheck(request: CheckRequest): Promise<string> {
  const result = await callBridge('crypto.search', {
    requestId: request.requestId,
    query: request.query,
    isSubjectConsent: true,
    type: 'all',
    ...(request.environment ? { environment: request.environment } : {}),
    ...(request.atMostOnce ? { atMostOnce: true } : {}),
    ...(request.advancedSearch ? { advancedSearch: request.advancedSearch } : {}),
  })
  const stored = toStoredCheck(
    request.requestId,
    request.query,
    validateAddress(request.query).normalized,
    result,
    request.advancedSearch,
  )
  await saveCheck(appDatabase, stored)
  return stored.localId
}
