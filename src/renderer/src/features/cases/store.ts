import { create } from 'zustand'

export type CaseTab = 'checks' | 'entities' | 'notes' | 'timeline'

interface CasesState {
  /** The case on screen, or null for none. */
  openCaseId: string | null
  tab: CaseTab
}

export const getInitialCasesState = (): CasesState => ({ openCaseId: null, tab: 'checks' })

/** UI state only: which case and which of its tabs are on screen. */
export const useCasesStore = create<CasesState>()(getInitialCasesState)

export const casesActions = {
  openCase: (openCaseId: string): void => useCasesStore.setState({ openCaseId, tab: 'checks' }),
  showTab: (tab: CaseTab): void => useCasesStore.setState({ tab }),
}
