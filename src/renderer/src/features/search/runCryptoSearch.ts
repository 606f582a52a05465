import { bridgeErrorNames } from '../../../../shared/bridge'
import { BridgeCallError, callBridge, errorMessage } from '../../bridge/bridgeClient'
import type { EnvironmentId } from '../../../../shared/environments'
import { runCheck } from '../../data/checks/executeCheck'
import { searchActions, searchSelectors, useSearchStore } from './store'

/** Runs the check the form describes, saves it with its evidence, and shows it. One at a time. */
export async function runCryptoSearch(environment: EnvironmentId): Promise<void> {
  const state = useSearchStore.getState()
  if (searchSelectors.isRunning(state)) return
  const requestId = crypto.randomUUID()
  searchActions.setRun({ state: 'running', requestId })
  try {
    const advancedSearch = searchSelectors.filledAdvanced(state)
    const saved = await runCheck({
      requestId,
      environment,
      query: state.query.trim(),
      ...(advancedSearch ? { advancedSearch } : {}),
    })
    searchActions.showCheck(saved)
  } catch (error) {
    const failure =
      error instanceof BridgeCallError
        ? error
        : // Thrown here after the answer came back (e.g. saving it): the check was run.
          { name: bridgeErrorNames.internal, mayHaveReachedService: true, retryAfterS: undefined }
    const { retryAfterS } = failure
    searchActions.setRun({
      state: 'failed',
      errorName: failure.name,
      mayHaveReachedService: failure.mayHaveReachedService,
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
