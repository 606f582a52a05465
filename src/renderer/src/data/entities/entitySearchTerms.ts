import type { Entity } from '../../../../shared/bridge/entitiesContract'

/**
 * The one tokeniser of entities: an entity is indexed by these words and the quick filter splits
 * what is typed the same way (an e-mail address splits into its parts on both sides).
 */
export const entityWords = (text: string): string[] => [
  ...new Set(
    text
      .toLowerCase()
      .split(/[\s,;:()"'@.]+/)
      .filter(Boolean),
  ),
]

/** Lower-case words of an entity's names, e-mail and id, and each whole value: what the quick filter finds it by. */
export function entitySearchTerms(entity: Entity): string[] {
  const terms = new Set<string>()
  for (const value of [entity.id, entity.name, entity.firstName, entity.lastName, entity.email]) {
    if (typeof value !== 'string') continue
    for (const word of entityWords(value)) terms.add(word)
    terms.add(value.toLowerCase())
  }
  return [...terms]
}
