import { hitsOf } from '../../../../shared/cases/checkHits'
import { groupHitsByRecord } from '../../../../shared/cases/recordGroups'
import { countOf, noun } from '../../../../shared/text/counting'
import type { StoredCheck } from '../../data/checks/checkRepository'
import { orderedCategories } from '../../components/checkLabels'

export type RecordGroups = ReturnType<typeof groupHitsByRecord>

/** The records a check matched, each once with every category it came under. */
export const recordGroupsOf = (stored: StoredCheck): RecordGroups =>
  groupHitsByRecord(
    hitsOf({
      ...stored.check,
      categories: Object.fromEntries(
        orderedCategories(Object.keys(stored.check.categories)).map((category) => [
          category,
          stored.check.categories[category] ?? [],
        ]),
      ),
    }),
  )

/**
 * How many records matched, with the categories beside it: the same words in the result's heading
 * and above its records (a record listed under four categories is one match, not four).
 */
export const matchedRecordsWords = (groups: RecordGroups): string => {
  const categories = new Set(groups.flatMap((group) => group.hits.map((hit) => hit.category))).size
  return (
    countOf(groups.length, noun('matched record')) +
    (categories > 1 ? ` in ${countOf(categories, noun('category', 'categories'))}` : '')
  )
}
