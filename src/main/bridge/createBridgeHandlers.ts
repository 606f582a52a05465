import type { BridgeHandlers } from '../../shared/bridge'
import type { ApiClient } from '../services/api/apiClient'
import { listEntities } from '../services/api/entitiesApi'
import type { EnvironmentService } from '../services/environments/environmentService'

export interface MainServices {
  environments: EnvironmentService
  api: ApiClient
}

/** The main side's answer to every bridge method; its type fails to compile if one is missing. */
export function createBridgeHandlers({ environments, api }: MainServices): BridgeHandlers {
  return {
    'entities.list': async ({ page, limit }) =>
      listEntities(api, await environments.resolveActive(), page, limit),
    'settings.get': () => environments.view(),
    'settings.setActiveEnvironment': ({ environment }) => environments.setActive(environment),
    'settings.setBaseUrl': ({ environment, baseUrl }) =>
      environments.setBaseUrl(environment, baseUrl),
    'keys.set': ({ environment, secretKey }) => environments.setKey(environment, secretKey),
    'keys.delete': ({ environment }) => environments.deleteKey(environment),
  }
}
