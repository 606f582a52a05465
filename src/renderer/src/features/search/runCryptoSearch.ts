import { bridgeErrorNames } from '../../../../shared/bridge'
import { BridgeCallError, callBridge, errorMessage } from '../../bridge/bridgeClient'
import type { EnvironmentId } from '../../../../shared/environments'
import { CheckNotRecordedError, runCheck } from '../../data/checks/executeCheck'
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
        : // Neither the bridge's nor storage's refusal: thrown once the check may have left.
          { name: bridgeErrorNames.internal, mayHaveReachedService: true, retryAfterS: undefined }
    const { retryAfterS } = failure
    searchActions.setRun({
      state: 'failed',
      errorName: failure.name,
      mayHaveReachedService: failure.mayHaveReachedService,
      message: errorMessage(error),
      ...(retryAfterS === undefined ? {} : { retryAfterS }),
      failedAt: Date.now(),
      ...(error instanceof CheckNotRecordedError && error.answer ? { answer: error.answer } : {}),
    })
  }
}

export async function cancelCryptoSearch(): Promise<void> {
  const { run } = useSearchStore.getState()
  if (run.state === 'running') await callBridge('requests.cancel', { requestId: run.requestId })
}
