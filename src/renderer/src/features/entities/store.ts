import { create } from 'zustand'
import { entityPageSizes } from '../../../../shared/bridge/entitiesContract'

interface EntityListState {
  page: number
  limit: number
  /** Quick filter over cached entities; empty shows the current page. */
  filterText: string
}

export const getInitialEntityListState = (): EntityListState => ({
  page: 1,
  limit: entityPageSizes[0],
  filterText: '',
})

/** UI state only: which page of the entity list is shown, and the quick filter. */
export const useEntityListStore = create<EntityListState>()(getInitialEntityListState)

export const entityListActions = {
  goToPage: (page: number): void => useEntityListStore.setState({ page: Math.max(1, page) }),
  setLimit: (limit: number): void => useEntityListStore.setState({ limit, page: 1 }),
  reset: (): void => useEntityListStore.setState(getInitialEntityListState()),
  setFilterText: (filterText: string): void => useEntityListStore.setState({ filterText }),
}
