import { errorMessage } from '../../bridge/bridgeClient'
import { useSettingsChange as useSettingsMutation } from '../../data/settings/settingsQueries'
import type { SettingsView } from '../../../../shared/bridge/settingsContract'

/** Runs one settings change; resolves whether it was made, and keeps its failure to show. */
export function useSettingsChange() {
  const mutation = useSettingsMutation()
  const run = async (change: () => Promise<SettingsView>): Promise<boolean> => {
    try {
      await mutation.mutateAsync(change)
      return true
    } catch {
      return false
    }
  }
  return {
    pending: mutation.isPending,
    error: mutation.error ? errorMessage(mutation.error) : null,
    run,
  }
}
