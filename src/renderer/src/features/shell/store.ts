import { create } from 'zustand'

export type Connectivity =
  | { status: 'unknown' }
  | { status: 'online'; checkedAt: string }
  | { status: 'offline'; since: string; message: string }

interface ShellState {
  connectivity: Connectivity
}

export const getInitialShellState = (): ShellState => ({ connectivity: { status: 'unknown' } })

export const useShellStore = create<ShellState>()(getInitialShellState)

export const shellActions = {
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
