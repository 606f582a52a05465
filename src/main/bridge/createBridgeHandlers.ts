import type { BridgeHandlers } from '../../shared/bridge'
import type { ApiClient } from '../services/api/apiClient'
import { runCryptoSearch } from '../services/api/cryptoSearchApi'
import { createEntity, getEntity, listEntities } from '../services/api/entitiesApi'
import type { RequestRegistry } from '../services/api/requestRegistry'
import type { EnvironmentService } from '../services/environments/environmentService'

export interface MainServices {
  environments: EnvironmentService
  api: ApiClient
  requests: RequestRegistry
}

/** The main side's answer to every bridge method; its type fails to compile if one is missing. */
export function createBridgeHandlers({
  environments,
  api,
  requests,
}: MainServices): BridgeHandlers {
  return {
    'entities.list': async ({ page, limit }) =>
      listEntities(api, await environments.resolveActive(), page, limit),
    'entities.create': async ({ requestId, environment: target, entity }) => {
      const environment = target
        ? await environments.resolve(target)
        : await environments.resolveActive()
      return requests.run(requestId, (signal) => createEntity(api, environment, entity, signal))
    },
    'entities.get': async ({ id }) => getEntity(api, await environments.resolveActive(), id),
    'crypto.search': async ({
      requestId,
      environment: target,
      atMostOnce,
      query,
      advancedSearch,
    }) => {
      const environment = target
        ? await environments.resolve(target)
        : await environments.resolveActive()
      return requests.run(requestId, (signal) =>
        runCryptoSearch(api, environment, { query, advancedSearch, signal, atMostOnce }),
      )
    },
    'requests.cancel': async ({ requestId }) => ({ cancelled: requests.cancel(requestId) }),
    'settings.get': () => environments.view(),
    'settings.setActiveEnvironment': ({ environment }) => environments.setActive(environment),
    'settings.setBaseUrl': ({ environment, baseUrl }) =>
      environments.setBaseUrl(environment, baseUrl),
    'keys.set': ({ environment, secretKey }) => environments.setKey(environment, secretKey),
    'keys.delete': ({ environment }) => environments.deleteKey(environment),
  }
}
