import { create } from 'zustand'
import { noCheckFilters, type CheckFilters } from '../../data/checks/checkSelection'

interface HistoryState {
  filters: CheckFilters
  /** Rows chosen for an action (a re-screen), by their checks' keys. */
  selected: ReadonlySet<string>
}

export const getInitialHistoryState = (): HistoryState => ({
  filters: noCheckFilters,
  selected: new Set(),
})

/**
 * UI state only: History's filters and chosen rows, kept while the user reads a check and comes
 * back. The filters are also in the address (see historyAddress), so a reload or a link shows them.
 */
export const useHistoryStore = create<HistoryState>()(getInitialHistoryState)

export const historyActions = {
  setFilter: <K extends keyof CheckFilters>(key: K, value: CheckFilters[K]): void =>
    useHistoryStore.setState((state) => ({ filters: { ...state.filters, [key]: value } })),
  clearFilters: (): void => useHistoryStore.setState({ filters: noCheckFilters }),
  setFilters: (filters: CheckFilters): void => useHistoryStore.setState({ filters }),
  toggleSelected: (localId: string): void =>
    useHistoryStore.setState((state) => {
      const selected = new Set(state.selected)
      if (!selected.delete(localId)) selected.add(localId)
      return { selected }
    }),
  clearSelection: (): void => useHistoryStore.setState({ selected: new Set() }),
}
