import { create } from 'zustand'
import type { SettingsView } from '../../../../shared/bridge/settingsContract'

export type Screen = 'search' | 'history' | 'cases' | 'entities' | 'verify' | 'settings'

export type Connectivity =
  | { status: 'unknown' }
  | { status: 'online'; checkedAt: string }
  | { status: 'offline'; since: string; message: string }

interface ShellState {
  screen: Screen
  settings: SettingsView | null
  connectivity: Connectivity
}

export const getInitialShellState = (): ShellState => ({
  screen: 'search',
  settings: null,
  connectivity: { status: 'unknown' },
})

/** UI state only: what is on screen, the settings the main side reported, and reachability. */
export const useShellStore = create<ShellState>()(getInitialShellState)

export const shellActions = {
  show: (screen: Screen): void => useShellStore.setState({ screen }),
  settingsLoaded: (settings: SettingsView): void => useShellStore.setState({ settings }),
  serviceReached: (): void =>
    useShellStore.setState({
      connectivity: { status: 'online', checkedAt: new Date().toISOString() },
    }),
  serviceUnreachable: (message: string): void =>
    useShellStore.setState((state) => ({
      connectivity: {
        status: 'offline',
        since:
          state.connectivity.status === 'offline'
            ? state.connectivity.since
            : new Date().toISOString(),
        message,
      },
    })),
}

export const shellSelectors = {
  activeEnvironment: (state: ShellState) => state.settings?.activeEnvironment ?? null,
  activeEnvironmentSettings: (state: ShellState) =>
    state.settings?.environments.find(
      (environment) => environment.id === state.settings?.activeEnvironment,
    ) ?? null,
  isOffline: (state: ShellState) => state.connectivity.status === 'offline',
}
