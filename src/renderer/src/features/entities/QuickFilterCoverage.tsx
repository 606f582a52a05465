import { Button, Group, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import type { EnvironmentId } from '../../../../shared/environments'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { errorMessage } from '../../bridge/bridgeClient'
import {
  fetchAllEntityPages,
  fullFetchPageSize,
  useEntityCacheCoverage,
} from '../../data/entities/entityCacheCoverage'
import { coverageSentence } from './coverageSentence'

const pages = noun('page')

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
