import { useState } from 'react'
import type { SettingsView } from '../../../../shared/bridge/settingsContract'
import { errorMessage } from '../../bridge/bridgeClient'
import { shellActions } from '../shell/store'

/** Runs one settings change through the bridge; the refreshed settings replace the shown ones. */
export function useSettingsChange() {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = async (change: () => Promise<SettingsView>): Promise<boolean> => {
    setPending(true)
    setError(null)
    try {
      shellActions.settingsLoaded(await change())
      return true
    } catch (failure) {
      setError(errorMessage(failure))
      return false
    } finally {
      setPending(false)
    }
  }
  return { pending, error, run }
}
