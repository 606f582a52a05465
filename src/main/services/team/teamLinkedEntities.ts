import type { ExportedEntity } from '../../../shared/bridge/evidenceContract'
import { linkedEntitySchema, maxLinkedEntityChars } from '../../../shared/bridge/teamContract'
import { entityKeyOf, entityLinkSchema } from '../../../shared/cases/caseSchemas'
import type { TeamEntry } from '../../../shared/team/teamEntry'
import type { TeamService } from './teamService'
import type { TeamFiles } from './teamWriter'

/** The attachment that carries a linked entity's details, as the linking desk cached them. */
const entityDetails = 'entity-details'

/** The key of the entity an `entity-linked` change names; undefined when it names none. */
const linkedKeyOf = (after: unknown): string | undefined => {
  const link = entityLinkSchema.safeParse(after)
  return link.success ? entityKeyOf(link.data.environment, link.data.id) : undefined
}

/** Entities the page handed over, by key, for `linkedEntityFiles`. */
export const byEntityKey = (handed: readonly ExportedEntity[]): Map<string, ExportedEntity> =>
  new Map(handed.map((entity) => [entityKeyOf(entity.environment, entity.id), entity]))

/**
 * The files of an `entity-linked` change: the linked entity's details, from those the page handed
 * over (matched to the link by key, as each is only this link's if it is that entity), or none
 * when it had none: an entity not cached on the linking desk goes as its link alone.
 */
export function linkedEntityFiles(
  after: unknown,
  handed: ReadonlyMap<string, ExportedEntity>,
): TeamFiles {
  const linked = handed.get(linkedKeyOf(after) ?? '')
  if (!linked?.entity || linked.entity.id !== linked.id) return {}
  return {
    [entityDetails]: {
      contentType: 'application/json',
      bytes: new TextEncoder().encode(JSON.stringify(linked)),
    },
  }
}

/**
 * The entity a shared `entity-linked` entry links, with the details its signed attachment carries
 * when they are this link's entity, and without (null) otherwise: none sent, not arrived, not what
 * the author signed, or another entity's. Never with details that are not the link's.
 */
function entityOfEntry(entry: TeamEntry, details: Uint8Array | null): ExportedEntity | undefined {
  const link = entityLinkSchema.safeParse(entry.after)
  // Only an `ent_` id names an entity of the service: anything else is no entity to list.
  if (!link.success || !link.data.id.startsWith('ent_')) return undefined
  const { environment, id } = link.data
  const bare = { environment, id, fetchedAt: null, entity: null }
  // UTF-8 takes at most 3 bytes a character: anything longer is over the bound before it is read.
  if (!details || details.length > 3 * maxLinkedEntityChars) return bare
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(details))
  } catch {
    return bare
  }
  // Another desk wrote it: read as anything until it proves to be this link's entity.
  const sent = linkedEntitySchema.safeParse(json)
  const isLinks =
    sent.success &&
    sent.data.environment === environment &&
    sent.data.id === id &&
    sent.data.entity?.id === id
  return isLinks ? sent.data : bare
}

/**
 * Every entity a shared case's entries linked, each once, in the order first linked. The last link
 * in the case's one order that came with readable details gives them: an entity linked again (by a
 * colleague who cached it later) shows what was sent last, and a link without details hides none.
 */
export async function linkedEntitiesOf(
  team: Pick<TeamService, 'attachment'>,
  entries: readonly TeamEntry[],
): Promise<ExportedEntity[]> {
  const entities = new Map<string, ExportedEntity>()
  for (const entry of entries) {
    if (entry.action !== 'entity-linked') continue
    const entity = entityOfEntry(entry, await team.attachment(entry, entityDetails))
    if (!entity) continue
    const key = entityKeyOf(entity.environment, entity.id)
    if (entity.entity || !entities.has(key)) entities.set(key, entity)
  }
  return [...entities.values()]
}
