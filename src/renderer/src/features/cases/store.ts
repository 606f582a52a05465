import { create } from 'zustand'
import { noCaseListFilters, type CaseListFilters } from '../../data/cases/caseListSelection'

export type CaseTab = 'checks' | 'entities' | 'notes' | 'timeline'

interface CasesState {
  /** The tab last chosen, and the case it was chosen on: another case opens on its checks. */
  shownTab: { caseId: string; tab: CaseTab } | null
  /** The case list's search, filters and order, kept while the user reads a case. */
  listFilters: CaseListFilters
}

export const getInitialCasesState = (): CasesState => ({
  shownTab: null,
  listFilters: noCaseListFilters,
})

/** UI state only: which tab of the open case is on screen, and how the case list is filtered. */
export const useCasesStore = create<CasesState>()(getInitialCasesState)

export const casesActions = {
  showTab: (caseId: string, tab: CaseTab): void =>
    useCasesStore.setState({ shownTab: { caseId, tab } }),
  setListFilter: <K extends keyof CaseListFilters>(key: K, value: CaseListFilters[K]): void =>
    useCasesStore.setState((state) => ({ listFilters: { ...state.listFilters, [key]: value } })),
  clearListFilters: (): void =>
    useCasesStore.setState((state) => ({
      listFilters: { ...noCaseListFilters, sort: state.listFilters.sort },
    })),
}

export const casesSelectors = {
  tabOf:
    (caseId: string) =>
    (state: CasesState): CaseTab =>
      state.shownTab?.caseId === caseId ? state.shownTab.tab : 'checks',
}
