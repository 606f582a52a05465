import { z } from 'zod'
import { environmentIdSchema } from '../environments'
import { defineMethod } from './defineMethod'

/**
 * An entity as the app relies on it. The spec shows only the `ent_` identifier and the creation
 * fields, so everything else is optional and unknown members are kept.
 */
export const entitySchema = z.looseObject({
  id: z.string().startsWith('ent_'),
  entityType: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  createdAt: z.string().optional(),
})
export type Entity = z.infer<typeof entitySchema>

export const entityPageSizes = [20, 50, 100] as const
export const maxEntityPageSize = 100

export const entityPageSchema = z.object({
  environment: environmentIdSchema,
  fetchedAt: z.iso.datetime(),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
  items: z.array(entitySchema),
})
export type EntityPage = z.infer<typeof entityPageSchema>

export const entitiesContract = {
  'entities.list': defineMethod(
    z.strictObject({
      page: z.number().int().min(1),
      limit: z.number().int().min(1).max(maxEntityPageSize),
    }),
    entityPageSchema,
  ),
}
