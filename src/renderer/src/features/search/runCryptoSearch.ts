import { bridgeErrorNames } from '../../../../shared/bridge'
import { BridgeCallError, callBridge, errorMessage, isUnreachable } from '../../bridge/bridgeClient'
import { executeCheck } from '../../data/checks/executeCheck'
import { shellActions } from '../shell/store'
import { searchActions, searchSelectors, useSearchStore } from './store'

/** Runs the check the form describes, saves it with its evidence, and shows it. One at a time. */
export async function runCryptoSearch(): Promise<void> {
  const state = useSearchStore.getState()
  if (searchSelectors.isRunning(state)) return
  const requestId = crypto.randomUUID()
  searchActions.setRun({ state: 'running', requestId })
  try {
    const advancedSearch = searchSelectors.filledAdvanced(state)
    const saved = await executeCheck({
      requestId,
      query: state.query.trim(),
      ...(advancedSearch ? { advancedSearch } : {}),
    })
    shellActions.serviceReached()
    searchActions.showCheck(saved)
  } catch (error) {
    const errorName = error instanceof BridgeCallError ? error.name : bridgeErrorNames.internal
    if (isUnreachable(errorName)) shellActions.serviceUnreachable(errorMessage(error))
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
