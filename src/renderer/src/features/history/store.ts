import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import {
  checkFiltersSchema,
  noCheckFilters,
  type CheckFilters,
} from '../../data/checks/checkSelection'

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
 * back. The filters are also kept for the tab's session, so a reload shows what was filtered.
 */
export const useHistoryStore = create<HistoryState>()(
  persist<HistoryState, [], [], Pick<HistoryState, 'filters'>>(getInitialHistoryState, {
    name: 'compliance-desk-history-filters',
    storage: createJSONStorage(() => sessionStorage),
    partialize: (state) => ({ filters: state.filters }),
    merge: (kept, current) => {
      const filters = checkFiltersSchema.safeParse(
        (kept as { filters?: unknown } | undefined)?.filters,
      )
      return filters.success ? { ...current, filters: filters.data } : current
    },
  }),
)

export const historyActions = {
  setFilter: <K extends keyof CheckFilters>(key: K, value: CheckFilters[K]): void => {
    useHistoryStore.setState((state) => ({ filters: { ...state.filters, [key]: value } }))
  },
  clearFilters: (): void => {
    useHistoryStore.setState({ filters: noCheckFilters })
  },
  toggleSelected: (localId: string): void => {
    useHistoryStore.setState((state) => {
      const selected = new Set(state.selected)
      if (!selected.delete(localId)) selected.add(localId)
      return { selected }
    })
  },
  clearSelection: (): void => {
    useHistoryStore.setState({ selected: new Set() })
  },
}
