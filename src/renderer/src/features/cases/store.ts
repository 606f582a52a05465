import { create } from 'zustand'

export type CaseTab = 'checks' | 'entities' | 'notes' | 'timeline'

interface CasesState {
  /** The tab last chosen, and the case it was chosen on: another case opens on its checks. */
  shownTab: { caseId: string; tab: CaseTab } | null
}

export const getInitialCasesState = (): CasesState => ({ shownTab: null })

/** UI state only: which tab of the open case is on screen. */
export const useCasesStore = create<CasesState>()(getInitialCasesState)

export const casesActions = {
  showTab: (caseId: string, tab: CaseTab): void =>
    useCasesStore.setState({ shownTab: { caseId, tab } }),
}

export const casesSelectors = {
  tabOf:
    (caseId: string) =>
    (state: CasesState): CaseTab =>
      state.shownTab?.caseId === caseId ? state.shownTab.tab : 'checks',
}
