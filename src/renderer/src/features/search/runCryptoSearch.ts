import { bridgeErrorNames } from '../../../../shared/bridge'
import { validateAddress } from '../../../../shared/address'
import { BridgeCallError, callBridge, errorMessage } from '../../bridge/bridgeClient'
import { appDatabase } from '../../db/appDatabase'
import { saveCheck, toStoredCheck } from '../checks/checkStore'
import { shellActions } from '../shell/store'
import { searchActions, searchSelectors, useSearchStore } from './store'

const unreachable = new Set<string>([
  bridgeErrorNames.serviceUnreachable,
  bridgeErrorNames.transport,
])

/** Runs the check the form describes, saves it with its evidence, and shows it. One at a time. */
export async function runCryptoSearch(): Promise<void> {
  const state = useSearchStore.getState()
  if (searchSelectors.isRunning(state)) return
  const query = state.query.trim()
  const requestId = crypto.randomUUID()
  const advancedSearch = searchSelectors.filledAdvanced(state)
  searchActions.setRun({ state: 'running', requestId })
  try {
    const result = await callBridge('crypto.search', {
      requestId,
      query,
      isSubjectConsent: true,
      type: 'all',
      ...(advancedSearch ? { advancedSearch } : {}),
    })
    await saveCheck(
      appDatabase,
      toStoredCheck(requestId, query, validateAddress(query).normalized, result, advancedSearch),
    )
    shellActions.serviceReached()
    searchActions.showCheck(requestId)
  } catch (error) {
    const errorName = error instanceof BridgeCallError ? error.name : bridgeErrorNames.internal
    if (unreachable.has(errorName)) shellActions.serviceUnreachable(errorMessage(error))
    const retryAfterS = error instanceof BridgeCallError ? error.retryAfterS : undefined
    searchActions.setRun({
      state: 'failed',
      errorName,
      message: errorMessage(error),
      ...(retryAfterS === undefined ? {} : { retryAfterS }),
      failedAt: Date.now(),
    })
  }
}

export async function cancelCryptoSearch(): Promise<void> {
  const { run } = useSearchStore.getState()
  if (run.state === 'running') await callBridge('requests.cancel', { requestId: run.requestId })
}
