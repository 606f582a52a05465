import { z } from 'zod'
import {
  entitySchema,
  type EntityPage,
  type FetchedEntity,
  type NewEntity,
} from '../../../shared/bridge/entitiesContract'
import { apiPaths } from '../../../shared/api/apiPaths'
import { bridgeErrorNames } from '../../../shared/bridge'
import type { ResolvedEnvironment } from '../environments/environmentService'
import { ServiceError } from '../serviceError'
import type { ApiClient, ApiRequest, ApiSuccess } from './apiClient'
import { linkRelations } from '../../../shared/api/apiEnvelopes'
import { unreadableData } from './apiErrors'

/** Spec 4.3: data is `{total, page, limit, list}`; item shape is not shown, so only `id` is relied on. */
const entityListDataSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  list: z.array(entitySchema),
})

export async function listEntities(
  client: ApiClient,
  environment: ResolvedEnvironment,
  page: number,
  limit: number,
  now: () => Date = () => new Date(),
): Promise<EntityPage> {
  const reply = await client.send(environment, {
    method: 'GET',
    path: apiPaths.entities,
    query: { page, limit },
  })
  const data = entityListDataSchema.safeParse(reply.data)
  if (!data.success) {
    throw unreadableData(environment.label, reply)
  }
  const relations = linkRelations(reply.links)
  const { total, list } = data.data
  return {
    environment: environment.id,
    fetchedAt: now().toISOString(),
    total,
    page: data.data.page,
    limit: data.data.limit,
    // Links are authoritative when present; the arithmetic covers services that omit them.
    hasNext: relations.has('next') || data.data.page * data.data.limit < total,
    hasPrev: relations.has('prev') || data.data.page > 1,
    items: list,
  }
}

const fetched = (
  environment: ResolvedEnvironment,
  reply: ApiSuccess,
  now: () => Date,
): FetchedEntity => {
  const entity = entitySchema.safeParse(reply.data)
  if (!entity.success) {
    throw unreadableData(environment.label, reply)
  }
  return { environment: environment.id, fetchedAt: now().toISOString(), entity: entity.data }
}

/** Creation is not idempotent: once it may have reached the service it is never sent again by itself. */
export async function createEntity(
  client: ApiClient,
  environment: ResolvedEnvironment,
  entity: NewEntity,
  sending: Pick<ApiRequest, 'signal' | 'journal' | 'pace'> = {},
  now: () => Date = () => new Date(),
): Promise<FetchedEntity> {
  const reply = await client.send(environment, {
    method: 'POST',
    path: apiPaths.entities,
    body: entity,
    atMostOnce: true,
    ...sending,
  })
  return fetched(environment, reply, now)
}

export async function getEntity(
  client: ApiClient,
  environment: ResolvedEnvironment,
  id: string,
  now: () => Date = () => new Date(),
): Promise<FetchedEntity> {
  try {
    const reply = await client.send(environment, {
      method: 'GET',
      path: apiPaths.entity(id),
      lookup: true,
    })
    return fetched(environment, reply, now)
  } catch (error) {
    if (error instanceof ServiceError && error.name === bridgeErrorNames.notFound) {
      throw new ServiceError(
        bridgeErrorNames.notFound,
        `The entity ${id} was not found in ${environment.label}. It may belong to another environment.`,
        { status: 404, mayHaveReachedService: false },
      )
    }
    throw error
  }
}
