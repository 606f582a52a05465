import { z } from 'zod'
import { environmentIdSchema } from '../environments'
import { paceSchema } from './cryptoContract'
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

const personName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
const optionalEmail = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.email('must be an e-mail address').optional())
  .optional()

/**
 * A new entity. The spec shows only an individual; a business is `entityType: "business"` with
 * its `name`, as the local sandbox accepts. Consent is required for both.
 */
export const newEntitySchema = z.discriminatedUnion('entityType', [
  z.strictObject({
    entityType: z.literal('individual'),
    isSubjectConsent: z.literal(true, 'must be true: the subject’s consent is required'),
    firstName: personName,
    lastName: personName,
    email: optionalEmail,
  }),
  z.strictObject({
    entityType: z.literal('business'),
    isSubjectConsent: z.literal(true, 'must be true: the subject’s consent is required'),
    name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    email: optionalEmail,
  }),
])
export type NewEntity = z.input<typeof newEntitySchema>

export const fetchedEntitySchema = z.object({
  environment: environmentIdSchema,
  fetchedAt: z.iso.datetime(),
  entity: entitySchema,
})
export type FetchedEntity = z.infer<typeof fetchedEntitySchema>

export const entitiesContract = {
  'entities.create': defineMethod(
    z.strictObject({
      requestId: z.uuid(),
      /** The active environment when absent; a queued creation keeps the one it was queued for. */
      environment: environmentIdSchema.optional(),
      entity: newEntitySchema,
      /** Queued creations (`background`) wait behind a person's searches, as queued checks do. */
      pace: paceSchema.optional(),
    }),
    fetchedEntitySchema,
    { reachesService: true },
  ),
  'entities.get': defineMethod(
    z.strictObject({ id: z.string().regex(/^ent_[A-Za-z0-9]+$/, 'must be an entity id (ent_…)') }),
    fetchedEntitySchema,
    { reachesService: true },
  ),
  'entities.list': defineMethod(
    z.strictObject({
      page: z.number().int().min(1),
      limit: z.number().int().min(1).max(maxEntityPageSize),
    }),
    entityPageSchema,
    { reachesService: true },
  ),
}
