import type { Entity } from '../../../shared/bridge/entitiesContract'
import { escapeForDisplay } from '../../../shared/text/escapeForDisplay'

/** An entity's name as the service gave it: a business's name, or an individual's first and last. */
export function entityName(entity: Entity): string {
  if (entity.name) return entity.name
  const personal = [entity.firstName, entity.lastName].filter(Boolean).join(' ')
  return personal || '(no name)'
}

/**
 * The name a person reads: the service's text, with any character that would make it read as
 * another (bidi overrides, controls, invisible ones) shown as an escape. Records keep `entityName`.
 */
export const entityDisplayName = (entity: Entity): string => escapeForDisplay(entityName(entity))
