import { countOf, formatNumber, noun, nounFor } from '../../../../shared/text/counting'
import { formatAge } from '../../components/formatTime'
import type { EntityCacheCoverage } from '../../data/entities/entityCacheCoverage'

const entities = noun('entity', 'entities')

/** "1–3 and 7": consecutive page numbers as ranges. */
export const pageRanges = (numbers: number[]): string => {
  const ranges: string[] = []
  for (let index = 0; index < numbers.length;) {
    let end = index
    while (numbers[end + 1] === (numbers[end] ?? 0) + 1) end += 1
    const [from, to] = [numbers[index], numbers[end]]
    ranges.push(from === to ? `${from}` : `${from}–${to}`)
    index = end + 1
  }
  return ranges.length > 1
    ? `${ranges.slice(0, -1).join(', ')} and ${ranges[ranges.length - 1]}`
    : (ranges[0] ?? '')
}

/** What the quick filter covers, in one sentence. */
export function coverageSentence(coverage: EntityCacheCoverage): string {
  const fetched = coverage.pages
    .map(
      ({ limit, pages: numbers }) =>
        `${nounFor(numbers.length, noun('page'))} ${pageRanges(numbers)} at ${formatNumber(limit)} a page`,
    )
    .join('; ')
  const of =
    coverage.total === null ? '' : ` of the ${countOf(coverage.total, entities)} the service lists`
  const age = coverage.oldestFetchedAt
    ? `, the oldest fetched ${formatAge(coverage.oldestFetchedAt)}`
    : ''
  return `Searches the ${countOf(coverage.cached, entities)} fetched on this computer${of}${fetched ? ` (${fetched}${age})` : ''}.`
}
