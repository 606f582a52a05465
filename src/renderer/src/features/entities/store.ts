import { create } from 'zustand'

interface EntityListState {
  /** Quick filter over cached entities; empty shows the current page. */
  filterText: string
}

export const getInitialEntityListState = (): EntityListState => ({ filterText: '' })

/** UI state only: the quick filter. The page shown is in the address (`#/entities?page=…`). */
export const useEntityListStore = create<EntityListState>()(getInitialEntityListState)

export const entityListActions = {
  setFilterText: (filterText: string): void => useEntityListStore.setState({ filterText }),
}
