import { create } from 'zustand'
import type { EnvironmentId } from '../../../../shared/environments'

export interface HistoryFilters {
  environment: EnvironmentId | 'all'
  status: 'all' | 'review_required' | 'no_match'
  category: string
  /** Local calendar days, `YYYY-MM-DD`, or empty. */
  from: string
  to: string
  text: string
}

interface HistoryState {
  filters: HistoryFilters
  /** The past check being read, or null for the list. */
  openLocalId: string | null
}

export const getInitialHistoryState = (): HistoryState => ({
  filters: { environment: 'all', status: 'all', category: 'all', from: '', to: '', text: '' },
  openLocalId: null,
})

export const useHistoryStore = create<HistoryState>()(getInitialHistoryState)

export const historyActions = {
  setFilter: <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]): void =>
    useHistoryStore.setState((state) => ({ filters: { ...state.filters, [key]: value } })),
  clearFilters: (): void => useHistoryStore.setState({ filters: getInitialHistoryState().filters }),
  open: (localId: string): void => useHistoryStore.setState({ openLocalId: localId }),
  backToList: (): void => useHistoryStore.setState({ openLocalId: null }),
}
