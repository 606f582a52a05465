import { randomBytes } from 'node:crypto'
import { z } from 'zod'

export interface SandboxEntity {
  id: string
  entityType: 'individual' | 'business'
  isSubjectConsent: boolean
  firstName?: string
  lastName?: string
  name?: string
  email?: string
  createdAt: string
  lastModifiedAt: string
}

const personName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')

/**
 * Creation rules. The spec shows only an individual (entityType, isSubjectConsent, firstName,
 * lastName, email) and says required fields are "not shown"; the sandbox requires consent and a
 * name, and accepts a business as entityType `business` with its `name`.
 */
export const createEntityRequestSchema = z.discriminatedUnion(
  'entityType',
  [
    z.object({
      entityType: z.literal('individual'),
      isSubjectConsent: z.literal(true, 'must be true'),
      firstName: personName,
      lastName: personName,
      email: z.email('must be an e-mail address').optional(),
    }),
    z.object({
      entityType: z.literal('business'),
      isSubjectConsent: z.literal(true, 'must be true'),
      name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
      email: z.email('must be an e-mail address').optional(),
    }),
  ],
  { error: 'must be "individual" or "business"' },
)
export type CreateEntityRequest = z.infer<typeof createEntityRequestSchema>

const newEntityId = (): string =>
  `ent_${randomBytes(15).toString('base64url').toLowerCase().replace(/[-_]/g, 'x')}`

export class EntityStore {
  /** Newest first, the order the list endpoint serves. */
  private readonly ordered: SandboxEntity[]
  private readonly byId = new Map<string, SandboxEntity>()

  constructor(seed: SandboxEntity[]) {
    this.ordered = [...seed].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    for (const entity of this.ordered) this.byId.set(entity.id, entity)
  }

  get total(): number {
    return this.ordered.length
  }

  page(page: number, limit: number): SandboxEntity[] {
    const start = (page - 1) * limit
    return this.ordered.slice(start, start + limit)
  }

  get(id: string): SandboxEntity | undefined {
    return this.byId.get(id)
  }

  create(request: CreateEntityRequest, now: Date): SandboxEntity {
    const timestamp = now.toISOString()
    const entity: SandboxEntity = {
      id: newEntityId(),
      ...request,
      createdAt: timestamp,
      lastModifiedAt: timestamp,
    }
    this.ordered.unshift(entity)
    this.byId.set(entity.id, entity)
    return entity
  }
}
