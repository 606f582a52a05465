import { z } from 'zod'
import { entitySchema, type EntityPage } from '../../../shared/bridge/entitiesContract'
import type { ResolvedEnvironment } from '../environments/environmentService'
import type { ApiClient } from './apiClient'
import { linkRelations } from './apiEnvelopes'
import { unexpectedResponse } from './apiErrors'

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
    path: 'v2/api/entities',
    query: { page, limit },
  })
  const data = entityListDataSchema.safeParse(reply.data)
  if (!data.success) {
    throw unexpectedResponse(environment.label, reply.status, JSON.stringify(reply.data))
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
