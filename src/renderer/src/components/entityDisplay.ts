import type { Entity } from '../../../shared/bridge/entitiesContract'

/** The name a person reads: a business's name, or an individual's first and last name. */
export function entityDisplayName(entity: Entity): string {
  if (entity.name) return entity.name
  const personal = [entity.firstName, entity.lastName].filter(Boolean).join(' ')
  return personal || '(no name)'
}
