import type { CryptoCheck } from '../bridge/cryptoContract'
import { canonicalJson } from '../cases/canonicalJson'
import { hitsOf, type CheckHit } from '../cases/checkHits'

/**
 * What changed for one wallet between two of its checks. A record is the same record in both
 * when its hit key is (category, record, the chains the list gives it and its holder: `hitKeyOf`
 * in cases/checkHits.ts), so the difference is per category and per chain: a record that moves
 * category reads as removed from one and new in the other. Neither the order of the records in an
 * answer nor that of their tags or chains changes anything.
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

/** Members whose order says nothing: the same tags, names or chains in another order are no change. */
const unorderedFields = new Set(['datasets', 'topics', 'alias', 'programs', 'currency'])

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

/** A record's content as compared: the same for the same record whatever the order of anything. */
const contentOf = (hit: CheckHit): string =>
  Object.keys(hit.record)
    .sort()
    .map((field) => `${JSON.stringify(field)}:${comparable(field, hit.record[field])}`)
    .join(',')

const byContent = (a: CheckHit, b: CheckHit): number =>
  contentOf(a) < contentOf(b) ? -1 : contentOf(a) > contentOf(b) ? 1 : 0

const byKey = (hits: readonly CheckHit[]): Map<string, CheckHit[]> => {
  const keyed = new Map<string, CheckHit[]>()
  for (const hit of hits) keyed.set(hit.hitKey, [...(keyed.get(hit.hitKey) ?? []), hit])
  return keyed
}

/**
 * The difference from `before` to `after`, two checks of the same wallet in one environment. An
 * answer may give one key twice (the same record repeated): the hits of a key pair up first with
 * their equals, then the rest in the order of their content, never in the order they came.
 */
export function checkDifference(before: CryptoCheck, after: CryptoCheck): CheckDifference {
  const earlier = byKey(hitsOf(before))
  const difference: CheckDifference = { added: [], removed: [], changed: [], unchanged: [] }
  for (const [key, laterHits] of byKey(hitsOf(after))) {
    const left = [...(earlier.get(key) ?? [])]
    earlier.delete(key)
    const unpaired: CheckHit[] = []
    for (const hit of laterHits) {
      const same = left.findIndex((previous) => changedFields(previous, hit).length === 0)
      if (same < 0) {
        unpaired.push(hit)
        continue
      }
      left.splice(same, 1)
      difference.unchanged.push(hit)
    }
    left.sort(byContent)
    unpaired.sort(byContent).forEach((hit, index) => {
      const previous = left[index]
      if (previous)
        difference.changed.push({
          before: previous,
          after: hit,
          fields: changedFields(previous, hit),
        })
      else difference.added.push(hit)
    })
    difference.removed.push(...left.slice(unpaired.length))
  }
  for (const rest of earlier.values()) difference.removed.push(...rest)
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
