import { useEffect } from 'react'
import { bridgeErrorNames } from '../../../../shared/bridge'
import type { EnvironmentId } from '../../../../shared/environments'
import { BridgeCallError, callBridge, errorMessage, isUnreachable } from '../../bridge/bridgeClient'
import { appDatabase } from '../../db/appDatabase'
import { shellActions } from '../shell/store'
import { saveEntityPage } from './entityCache'
import { entityListActions, useEntityListStore } from './store'

/** Fetches the current page from the active environment and caches it; the screen reads the cache. */
export function useEntityPageLoader(environment: EnvironmentId | null): void {
  const page = useEntityListStore((state) => state.page)
  const limit = useEntityListStore((state) => state.limit)
  const reloadToken = useEntityListStore((state) => state.reloadToken)

  useEffect(() => {
    if (environment === null) return
    let current = true
    entityListActions.setLoad({ state: 'loading' })
    callBridge('entities.list', { page, limit })
      .then(async (result) => {
        await saveEntityPage(appDatabase, result)
        if (!current) return
        shellActions.serviceReached()
        entityListActions.setLoad({ state: 'loaded' })
      })
      .catch((error: unknown) => {
        if (!current) return
        const errorName = error instanceof BridgeCallError ? error.name : bridgeErrorNames.internal
        if (isUnreachable(errorName)) shellActions.serviceUnreachable(errorMessage(error))
        entityListActions.setLoad({ state: 'failed', errorName, message: errorMessage(error) })
      })
    return () => {
      current = false
    }
  }, [environment, page, limit, reloadToken])
}
