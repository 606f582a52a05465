import type { Entity } from '../bridge/entitiesContract'

/** What a new entity is compared on: its name as a person reads it, and its e-mail. */
export interface EntityIdentity {
  /** A business's name, or an individual's first and last name. */
  name: string
  email?: string
}

/** Letter case, accents' composition and runs of spaces do not make another name. */
const folded = (text: string | undefined): string =>
  (text ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en')

const nameOf = (entity: Entity): string =>
  entity.name ?? [entity.firstName, entity.lastName].filter(Boolean).join(' ')

/**
 * The entities already known that are most likely the one about to be created: the same name and
 * the same e-mail (both without an e-mail counts as the same). Said before creating, never refused:
 * two people may share a name.
 */
export function likelyDuplicates(candidate: EntityIdentity, known: readonly Entity[]): Entity[] {
  const name = folded(candidate.name)
  if (name === '') return []
  const email = folded(candidate.email)
  return known.filter((entity) => folded(nameOf(entity)) === name && folded(entity.email) === email)
}
