import { Badge, Box, Group, Text } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import type { EnvironmentId } from '../../../../shared/environments'
import { formatLocalDateTime } from '../../components/formatTime'
import { useCachedEntityWindow, useEntityMatches } from '../../data/entities/entityQueries'
import { quickFilterLimit } from '../../data/entities/entityRepository'
import { entityDisplayName } from '../../components/entityDisplay'
import { useNavigate } from '@tanstack/react-router'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { QuickFilterCoverage } from './QuickFilterCoverage'

const rowHeight = 40

/** Cached entities of this environment that match the quick filter, each with the time it was fetched. */
export function CachedEntityMatches({
  environment,
  text,
}: {
  environment: EnvironmentId
  text: string
}) {
  const navigate = useNavigate()
  const found = useEntityMatches(environment, text)
  const keys = found?.keys ?? []
  const scroller = useRef<HTMLDivElement>(null)
  // The React Compiler cannot memoise around this hook; the app is not compiled with it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: keys.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const rows = useCachedEntityWindow(keys, first, items.length)
  return (
    <Box
      style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      data-testid="entity-matches"
      data-results-for={found?.text}
    >
      <QuickFilterCoverage environment={environment} />
      <Text size="sm" c="dimmed" px="md" py={6} data-testid="entity-match-count">
        {found === undefined
          ? 'Searching the cache…'
          : keys.length === 0
            ? 'No cached entity matches. Only entities already fetched on this computer are searched.'
            : keys.length >= quickFilterLimit
              ? `${formatNumber(quickFilterLimit)}+ cached entities match`
              : `${countOf(keys.length, noun('cached entity matches', 'cached entities match'))}`}
      </Text>
      <div ref={scroller} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const cached = rows?.[item.index - first]
            return (
              <Group
                key={item.index}
                h={rowHeight}
                px="md"
                gap="sm"
                wrap="nowrap"
                data-testid="entity-match"
                onClick={() =>
                  cached &&
                  void navigate({ to: '/entities/$entityId', params: { entityId: cached.id } })
                }
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                  cursor: 'pointer',
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                }}
              >
                {cached && (
                  <>
                    <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate>
                      {entityDisplayName(cached.entity)}
                    </Text>
                    <Badge
                      variant="light"
                      size="sm"
                      radius="sm"
                      color={cached.entity.entityType === 'business' ? 'grape' : 'blue'}
                    >
                      {cached.entity.entityType ?? 'unknown'}
                    </Badge>
                    <Text size="sm" c="dimmed" w={240} truncate>
                      {cached.entity.email ?? '—'}
                    </Text>
                    <Text size="xs" ff="monospace" w={230}>
                      {cached.id}
                    </Text>
                    <Text
                      size="xs"
                      c="dimmed"
                      w={240}
                      style={{ whiteSpace: 'nowrap' }}
                      title={`${cached.fetchedAt} (UTC)`}
                    >
                      fetched {formatLocalDateTime(cached.fetchedAt)}
                    </Text>
                  </>
                )}
              </Group>
            )
          })}
        </div>
      </div>
    </Box>
  )
}
