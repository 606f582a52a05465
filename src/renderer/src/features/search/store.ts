import { create } from 'zustand'
import type { BridgeErrorName } from '../../../../shared/bridge'
import type { StoredCheck } from '../../data/checks/checkRepository'

export const advancedSearchFields = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['position', 'Position'],
  ['keyword', 'Keyword'],
  ['gender', 'Gender'],
  ['country', 'Country'],
  ['education', 'Education'],
] as const
export type AdvancedSearchField = (typeof advancedSearchFields)[number][0]

export type SearchRun =
  | { state: 'idle' }
  | { state: 'running'; requestId: string }
  | { state: 'done'; localId: string }
  | {
      state: 'failed'
      errorName: BridgeErrorName
      message: string
      /** As the main side decided: sending again may run (and bill) the check twice. */
      mayHaveReachedService: boolean
      retryAfterS?: number
      failedAt: number
      /** The service's answer, which this computer could not store: shown all the same. */
      answer?: StoredCheck
    }

interface SearchState {
  /** What the user typed: kept through every error and every screen change. */
  query: string
  consent: boolean
  /** The query a check was last run for with consent: consent given for it is not for another. */
  consentedQuery: string | null
  advancedOpen: boolean
  advanced: Record<AdvancedSearchField, string>
  run: SearchRun
}

export const getInitialSearchState = (): SearchState => ({
  query: '',
  consent: false,
  consentedQuery: null,
  advancedOpen: false,
  advanced: {
    firstName: '',
    lastName: '',
    position: '',
    keyword: '',
    gender: '',
    country: '',
    education: '',
  },
  run: { state: 'idle' },
})

export const useSearchStore = create<SearchState>()(getInitialSearchState)

export const searchActions = {
  /** Another subject's wallet, once a check has run: its consent is asked for again. */
  setQuery: (query: string): void =>
    useSearchStore.setState((state) =>
      state.consentedQuery !== null && query.trim() !== state.consentedQuery
        ? { query, consent: false, consentedQuery: null }
        : { query },
    ),
  setConsent: (consent: boolean): void => useSearchStore.setState({ consent }),
  toggleAdvanced: (): void =>
    useSearchStore.setState((state) => ({ advancedOpen: !state.advancedOpen })),
  setAdvanced: (field: AdvancedSearchField, value: string): void =>
    useSearchStore.setState((state) => ({ advanced: { ...state.advanced, [field]: value } })),
  setRun: (run: SearchRun): void =>
    useSearchStore.setState((state) =>
      run.state === 'running' ? { run, consentedQuery: state.query.trim() } : { run },
    ),
  showCheck: (localId: string): void =>
    useSearchStore.setState({ run: { state: 'done', localId } }),
}

export const searchSelectors = {
  /** Only the advanced members the user filled in, trimmed. */
  filledAdvanced: (state: SearchState): Record<string, string> | undefined => {
    const filled = Object.entries(state.advanced)
      .map(([field, value]) => [field, value.trim()] as const)
      .filter(([, value]) => value !== '')
    return filled.length > 0 ? Object.fromEntries(filled) : undefined
  },
  isRunning: (state: SearchState): boolean => state.run.state === 'running',
}
