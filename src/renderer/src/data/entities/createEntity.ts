import type { FetchedEntity, NewEntity } from '../../../../shared/bridge/entitiesContract'
import type { Pace } from '../../../../shared/bridge/cryptoContract'
import type { EnvironmentId } from '../../../../shared/environments'
import { callBridge } from '../../bridge/bridgeClient'
import { appDatabase } from '../database/appDatabase'
import { saveEntity } from './entityRepository'

/** Creates an entity through the bridge and caches it; throws BridgeCallError. */
export async function createEntity(request: {
  requestId: string
  entity: NewEntity
  environment?: EnvironmentId
  pace?: Pace
}): Promise<FetchedEntity> {
  const created = await callBridge('entities.create', {
    requestId: request.requestId,
    entity: request.entity,
    ...(request.environment ? { environment: request.environment } : {}),
    ...(request.pace ? { pace: request.pace } : {}),
  })
  await saveEntity(appDatabase, created)
  return created
}
