import { canonicalJson } from './canonicalJson'
import { recordKey, type CheckHit } from './checkHits'

/**
 * One record as the service sent it, with every category it was listed under. The service repeats
 * a record once per category (the PEP wallet of the local sandbox comes back four times); an
 * investigator reads it once, with its categories.
 */
export interface RecordGroup {
  /** The record's identity (`recordKey`) and its exact content: same key and content, one group. */
  groupKey: string
  record: Record<string, unknown>
  /** In the order the hits came. */
  categories: string[]
  /**
   * The hits it stands for, one per category. Decisions stay per hit (per category and record,
   * `hitKey`), as the case trail, bundles and their verifier have always recorded them.
   */
  hits: CheckHit[]
}

/**
 * Groups hits by record. Two hits are one record only when their identity and their whole content
 * agree: a record sent with different fields under two categories stays two cards, so nothing the
 * service said is hidden by the grouping.
 */
export function groupHitsByRecord(hits: readonly CheckHit[]): RecordGroup[] {
  const groups = new Map<string, RecordGroup>()
  for (const hit of hits) {
    const groupKey = `${recordKey(hit.record)}\u0000${canonicalJson(hit.record)}`
    const group = groups.get(groupKey)
    if (group) {
      if (!group.categories.includes(hit.category)) group.categories.push(hit.category)
      group.hits.push(hit)
    } else {
      groups.set(groupKey, {
        groupKey,
        record: hit.record,
        categories: [hit.category],
        hits: [hit],
      })
    }
  }
  return [...groups.values()]
}
