import type { CryptoCheck } from '../bridge/cryptoContract'
import { canonicalJson } from '../cases/canonicalJson'
import { hitsOf, type CheckHit } from '../cases/checkHits'

/**
 * What changed for one wallet between two of its checks. A record is the same record in both
 * when its hit key is (`<category>:<record key>`, `recordKey` in cases/checkHits.ts: the service's
 * id, else its public key, else its title, else a hash of the whole record), so the difference is
 * per category: a record that moves category reads as removed from one and new in the other.
 */
export interface CheckDifference {
  added: CheckHit[]
  removed: CheckHit[]
  changed: ChangedHit[]
  unchanged: CheckHit[]
}

export interface ChangedHit {
  before: CheckHit
  after: CheckHit
  /** The record's members whose values differ, sorted: e.g. topics, datasets, alias, amountUsd. */
  fields: string[]
}

/** Members whose order says nothing: the same tags in another order are not a change. */
const unorderedFields = new Set(['datasets', 'topics', 'alias', 'programs'])

const comparable = (field: string, value: unknown): string =>
  canonicalJson(
    unorderedFields.has(field) && Array.isArray(value)
      ? [...(value as unknown[])].map((item) => canonicalJson(item)).sort()
      : (value ?? null),
  )

const changedFields = (before: CheckHit, after: CheckHit): string[] =>
  [...new Set([...Object.keys(before.record), ...Object.keys(after.record)])]
    .filter(
      (field) => comparable(field, before.record[field]) !== comparable(field, after.record[field]),
    )
    .sort()

/** The difference from `before` to `after`, two checks of the same wallet in one environment. */
export function checkDifference(before: CryptoCheck, after: CryptoCheck): CheckDifference {
  const earlier = new Map(hitsOf(before).map((hit) => [hit.hitKey, hit]))
  const difference: CheckDifference = { added: [], removed: [], changed: [], unchanged: [] }
  for (const hit of hitsOf(after)) {
    const previous = earlier.get(hit.hitKey)
    earlier.delete(hit.hitKey)
    if (!previous) {
      difference.added.push(hit)
      continue
    }
    const fields = changedFields(previous, hit)
    if (fields.length === 0) difference.unchanged.push(hit)
    else difference.changed.push({ before: previous, after: hit, fields })
  }
  difference.removed.push(...earlier.values())
  return difference
}

/** The difference by hit keys, as records keep it (an audit entry, a change in the inbox). */
export const differenceKeys = (difference: CheckDifference) => ({
  added: difference.added.map((hit) => hit.hitKey),
  removed: difference.removed.map((hit) => hit.hitKey),
  changed: difference.changed.map(({ after, fields }) => ({ hitKey: after.hitKey, fields })),
})

/** New or removed hits: what an investigator must look at again. A changed amount is not. */
export const isMaterial = (difference: CheckDifference): boolean =>
  difference.added.length > 0 || difference.removed.length > 0
