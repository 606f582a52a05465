import { useMutation, useQuery } from '@tanstack/react-query'
import type { SettingsView } from '../../../../shared/bridge/settingsContract'
import type { EnvironmentId } from '../../../../shared/environments'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { queryClient } from '../queryClient'

const settingsKey = ['settings'] as const

/** The settings as the main side reports them; every change replaces them with its answer. */
export const useSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => callBridge('settings.get', {}) })

/** The environment every request goes to, or null until the settings are read. */
export const useActiveEnvironment = (): EnvironmentId | null =>
  useSettings().data?.activeEnvironment ?? null

export const useActiveEnvironmentSettings = () => {
  const settings = useSettings().data
  return settings?.environments.find(({ id }) => id === settings.activeEnvironment) ?? null
}

/** One settings change through the bridge; its answer becomes the settings shown everywhere. */
export const useSettingsChange = () =>
  useMutation({
    mutationFn: (change: () => Promise<SettingsView>) => change(),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  })

/**
 * Whether the main side can write its data folder, and if not, why, in a sentence. Read once: it
 * holds until the app is restarted.
 */
export const useDataFolder = () =>
  useQuery({ queryKey: ['dataFolder'], queryFn: () => callBridge('system.storage', {}) })

const changeAlertsKey = ['changeAlerts'] as const

/** Whether watch runs that find changes show an OS notification, and whether this platform can. */
export const useChangeAlerts = () =>
  useQuery({ queryKey: changeAlertsKey, queryFn: () => callBridge('system.changeAlerts', {}) })

/** Turns change notifications on or off; the form shows `error` (the main side's refusal). */
export function useSetChangeAlerts() {
  const mutation = useMutation({
    mutationFn: (notifyChanges: boolean) => callBridge('system.setChangeAlerts', { notifyChanges }),
    onSuccess: (alerts) => queryClient.setQueryData(changeAlertsKey, alerts),
  })
  return {
    pending: mutation.isPending,
    error: mutation.error ? errorMessage(mutation.error) : null,
    set: mutation.mutate,
  }
}
