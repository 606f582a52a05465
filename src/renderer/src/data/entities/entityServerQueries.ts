import { useQuery } from '@tanstack/react-query'
import type { EnvironmentId } from '../../../../shared/environments'
import { callBridge } from '../../bridge/bridgeClient'
import { queryClient } from '../queryClient'
import { entityRepository } from './entityRepository'

const entityKeys = {
  all: ['entities'] as const,
  page: (environment: EnvironmentId | null, page: number, limit: number) =>
    ['entities', 'page', environment, page, limit] as const,
  detail: (environment: EnvironmentId, id: string) =>
    ['entities', 'detail', environment, id] as const,
}

/**
 * A page of the entity list fetched from the service and cached in IndexedDB; screens read the
 * cached copy, so a page stays readable when the service is away.
 */
export const useEntityPageFetch = (
  environment: EnvironmentId | null,
  page: number,
  limit: number,
) =>
  useQuery({
    queryKey: entityKeys.page(environment, page, limit),
    enabled: environment !== null,
    // Fetched again each time the list is shown, as an investigator expects of a live list.
    staleTime: 0,
    queryFn: async () => {
      const fetched = await callBridge('entities.list', { page, limit })
      await entityRepository.saveEntityPage(fetched)
      return fetched
    },
  })

/**
 * One entity fetched again from the service and cached; only in the active environment, the one
 * the bridge fetches from (an entity of another environment shows as cached).
 */
export const useEntityFetch = (environment: EnvironmentId, id: string, active: boolean) =>
  useQuery({
    queryKey: entityKeys.detail(environment, id),
    enabled: active,
    staleTime: 0,
    queryFn: async () => {
      const fetched = await callBridge('entities.get', { id })
      await entityRepository.saveEntity(fetched)
      return fetched
    },
  })

/** Every entity page and detail is fetched again when next shown (e.g. after a creation). */
export const refetchEntities = (): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: entityKeys.all })
