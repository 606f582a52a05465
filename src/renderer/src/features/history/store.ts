import { create } from 'zustand'
import { noCheckFilters, type CheckFilters } from '../../data/checks/checkSelection'

interface HistoryState {
  filters: CheckFilters
}

export const getInitialHistoryState = (): HistoryState => ({ filters: noCheckFilters })

/** UI state only: History's filters, kept while the user reads a check and comes back. */
export const useHistoryStore = create<HistoryState>()(getInitialHistoryState)

export const historyActions = {
  setFilter: <K extends keyof CheckFilters>(key: K, value: CheckFilters[K]): void =>
    useHistoryStore.setState((state) => ({ filters: { ...state.filters, [key]: value } })),
  clearFilters: (): void => useHistoryStore.setState({ filters: noCheckFilters }),
}
