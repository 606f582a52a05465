import type { Entity } from '../../../shared/bridge/entitiesContract'

/** Lower-case words of an entity's names, e-mail and id: what the quick filter finds it by. */
export function entitySearchTerms(entity: Entity): string[] {
  const terms = new Set<string>()
  for (const value of [entity.id, entity.name, entity.firstName, entity.lastName, entity.email]) {
    if (typeof value !== 'string') continue
    for (const word of value.toLowerCase().split(/[\s,;:()"'@.]+/)) if (word) terms.add(word)
    terms.add(value.toLowerCase())
  }
  return [...terms]
}
