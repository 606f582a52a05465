import { errorMessage } from '../../bridge/bridgeClient'
import { useSettingsChange as useSettingsMutation } from '../../data/settings/settingsQueries'
import type { SettingsView } from '../../../../shared/bridge/settingsContract'

/** Runs one settings change; resolves to the settings after it (null when refused), and keeps its failure to show. */
export function useSettingsChange() {
  const mutation = useSettingsMutation()
  const run = async (change: () => Promise<SettingsView>): Promise<SettingsView | null> => {
    try {
      return await mutation.mutateAsync(change)
    } catch {
      return null
    }
  }
  return {
    pending: mutation.isPending,
    error: mutation.error ? errorMessage(mutation.error) : null,
    run,
  }
}
