import { create } from 'zustand'
import { entityPageSizes } from '../../../../shared/bridge/entitiesContract'

export type EntityLoad =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded' }
  | { state: 'failed'; errorName: string; message: string }

interface EntityListState {
  page: number
  limit: number
  load: EntityLoad
  /** Bumped to fetch the current page again. */
  reloadToken: number
  /** The entity being read, or null for the list. */
  openEntityId: string | null
  /** Quick filter over cached entities; empty shows the current page. */
  filterText: string
}

export const getInitialEntityListState = (): EntityListState => ({
  page: 1,
  limit: entityPageSizes[0],
  load: { state: 'idle' },
  reloadToken: 0,
  openEntityId: null,
  filterText: '',
})

export const useEntityListStore = create<EntityListState>()(getInitialEntityListState)

export const entityListActions = {
  goToPage: (page: number): void => useEntityListStore.setState({ page: Math.max(1, page) }),
  setLimit: (limit: number): void => useEntityListStore.setState({ limit, page: 1 }),
  reload: (): void =>
    useEntityListStore.setState((state) => ({ reloadToken: state.reloadToken + 1 })),
  setLoad: (load: EntityLoad): void => useEntityListStore.setState({ load }),
  reset: (): void => useEntityListStore.setState(getInitialEntityListState()),
  openEntity: (id: string): void => useEntityListStore.setState({ openEntityId: id }),
  closeEntity: (): void => useEntityListStore.setState({ openEntityId: null }),
  setFilterText: (filterText: string): void => useEntityListStore.setState({ filterText }),
  /** Newest entities first, fetched again: where an entity whose creation went unanswered would be. */
  lookForNewest: (): void =>
    useEntityListStore.setState((state) => ({
      openEntityId: null,
      page: 1,
      reloadToken: state.reloadToken + 1,
    })),
}
