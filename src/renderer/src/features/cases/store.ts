import { create } from 'zustand'
import { noCaseListFilters, type CaseListFilters } from '../../data/cases/caseListSelection'

interface CasesState {
  /** The case list's search, filters and order, kept while the user reads a case. */
  listFilters: CaseListFilters
}

export const getInitialCasesState = (): CasesState => ({
  listFilters: noCaseListFilters,
})

/** UI state only: how the case list is filtered (the open case's tab is in its address). */
export const useCasesStore = create<CasesState>()(getInitialCasesState)

export const casesActions = {
  setListFilter: <K extends keyof CaseListFilters>(key: K, value: CaseListFilters[K]): void =>
    useCasesStore.setState((state) => ({ listFilters: { ...state.listFilters, [key]: value } })),
  clearListFilters: (): void =>
    useCasesStore.setState((state) => ({
      listFilters: { ...noCaseListFilters, sort: state.listFilters.sort },
    })),
}
