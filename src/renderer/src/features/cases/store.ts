import { create } from 'zustand'
import { noCaseListFilters, type CaseListFilters } from '../../data/cases/caseListSelection'

interface CasesState {
  /** The case list's search, filters and order, kept while the user reads a case. */
  listFilters: CaseListFilters
}

export const getInitialCasesState = (): CasesState => ({
  listFilters: noCaseListFilters,
})

/**
 * UI state only: how the case list is filtered, kept while the user reads a case. The filters are
 * also in the address (see caseAddress), so a reload or a link shows them.
 */
export const useCasesStore = create<CasesState>()(getInitialCasesState)

export const casesActions = {
  setListFilter: <K extends keyof CaseListFilters>(key: K, value: CaseListFilters[K]): void =>
    useCasesStore.setState((state) => ({ listFilters: { ...state.listFilters, [key]: value } })),
  setListFilters: (listFilters: CaseListFilters): void => useCasesStore.setState({ listFilters }),
  clearListFilters: (): void =>
    useCasesStore.setState((state) => ({
      listFilters: { ...noCaseListFilters, sort: state.listFilters.sort },
    })),
}
