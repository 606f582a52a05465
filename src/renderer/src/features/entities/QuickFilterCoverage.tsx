import { Button, Group, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import type { EnvironmentId } from '../../../../shared/environments'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { errorMessage } from '../../bridge/bridgeClient'
import { formatAge } from '../../components/formatTime'
import {
  fetchAllEntityPages,
  fullFetchPageSize,
  useEntityCacheCoverage,
  type EntityCacheCoverage,
} from '../../data/entities/entityCacheCoverage'

const entities = noun('entity', 'entities')
const pages = noun('page')

/** "pages 1–3 and 7": consecutive page numbers as ranges. */
const pageRanges = (numbers: number[]): string => {
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
        `${numbers.length === 1 ? 'page' : 'pages'} ${pageRanges(numbers)} at ${formatNumber(limit)} a page`,
    )
    .join('; ')
  const of =
    coverage.total === null ? '' : ` of the ${countOf(coverage.total, entities)} the service lists`
  const age = coverage.oldestFetchedAt
    ? `, the oldest fetched ${formatAge(coverage.oldestFetchedAt)}`
    : ''
  return `Searches the ${countOf(coverage.cached, entities)} fetched on this computer${of}${fetched ? ` (${fetched}${age})` : ''}.`
}

/** Which pages the quick filter covers, and a way to fetch the rest. */
export function QuickFilterCoverage({ environment }: { environment: EnvironmentId }) {
  const coverage = useEntityCacheCoverage(environment)
  const [progress, setProgress] = useState<{ fetched: number; pages: number } | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const abort = useRef<AbortController | null>(null)
  if (!coverage) return null
  const missing = coverage.total === null ? null : Math.max(0, coverage.total - coverage.cached)
  const fetchAll = async () => {
    const controller = new AbortController()
    abort.current = controller
    setFailure(null)
    setProgress({ fetched: 0, pages: 0 })
    try {
      await fetchAllEntityPages(
        (fetched, total) => setProgress({ fetched, pages: total }),
        controller.signal,
      )
    } catch (error) {
      setFailure(`Fetching stopped: ${errorMessage(error)}`)
    } finally {
      setProgress(null)
      abort.current = null
    }
  }
  const requests =
    coverage.total === null ? null : Math.max(1, Math.ceil(coverage.total / fullFetchPageSize))
  return (
    <Group gap="xs" px="md" py={6} wrap="wrap" data-testid="quick-filter-coverage">
      <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 280 }}>
        {coverageSentence(coverage)}
      </Text>
      {progress ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" data-testid="quick-filter-progress">
            {progress.pages === 0
              ? 'Fetching…'
              : `Fetched ${formatNumber(progress.fetched)} of ${countOf(progress.pages, pages)}`}
          </Text>
          <Button size="xs" variant="default" onClick={() => abort.current?.abort()}>
            Stop
          </Button>
        </Group>
      ) : (
        missing !== 0 &&
        requests !== null && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={() => void fetchAll()}
            data-testid="quick-filter-fetch-all"
          >
            Fetch the rest ({countOf(requests, pages)} of {formatNumber(fullFetchPageSize)})
          </Button>
        )
      )}
      {failure && (
        <Text size="sm" c="red.8" role="alert" w="100%">
          {failure}
        </Text>
      )}
    </Group>
  )
}
