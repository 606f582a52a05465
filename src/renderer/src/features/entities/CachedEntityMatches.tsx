import { Badge, Box, Group, Text } from '@mantine/core'
import { useVirtualRows, VirtualRow, VirtualRowsBody } from '../../components/VirtualRows'
import type { EnvironmentId } from '../../../../shared/environments'
import { formatLocalDate, formatLocalDateTime } from '../../components/formatTime'
import { MiddleTruncated } from '../../components/MiddleTruncated'
import { useCachedEntityWindow, useEntityMatches } from '../../data/entities/entityQueries'
import { quickFilterLimit } from '../../data/entities/entityRepository'
import { entityDisplayName } from '../../components/entityDisplay'
import { useNavigate } from '@tanstack/react-router'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { AnchorLink } from '../../components/RouterLinks'
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
  const { scroller, items, first, totalSize } = useVirtualRows(keys.length, rowHeight)
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
        <VirtualRowsBody height={totalSize}>
          {items.map((item) => {
            const cached = rows?.[item.index - first]
            return (
              <VirtualRow key={item.index} start={item.start}>
                <Group
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
                    cursor: 'pointer',
                    borderBottom: '1px solid var(--mantine-color-gray-2)',
                  }}
                >
                  {cached && (
                    <>
                      {/* A click anywhere opens the entity; the keyboard's way in is its name. */}
                      <AnchorLink
                        to="/entities/$entityId"
                        params={{ entityId: cached.id }}
                        onClick={(event) => event.stopPropagation()}
                        size="sm"
                        fw={500}
                        truncate
                        style={{ flex: 1, minWidth: 140 }}
                      >
                        {entityDisplayName(cached.entity)}
                      </AnchorLink>
                      <Badge
                        variant="light"
                        size="sm"
                        radius="sm"
                        w={100}
                        tt="capitalize"
                        style={{ flexShrink: 0 }}
                        color={cached.entity.entityType === 'business' ? 'grape' : 'blue'}
                      >
                        {cached.entity.entityType ?? 'unknown'}
                      </Badge>
                      <Text
                        size="sm"
                        c="dimmed"
                        w={170}
                        truncate
                        style={{ flexShrink: 0 }}
                        title={cached.entity.email}
                      >
                        {cached.entity.email ?? '—'}
                      </Text>
                      <Group w={170} wrap="nowrap" style={{ flexShrink: 0 }}>
                        <MiddleTruncated value={cached.id} size="xs" tail={6} />
                      </Group>
                      <Text
                        size="xs"
                        c="dimmed"
                        w={130}
                        style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                        title={`Fetched ${formatLocalDateTime(cached.fetchedAt)} (${cached.fetchedAt} UTC)`}
                      >
                        fetched {formatLocalDate(cached.fetchedAt)}
                      </Text>
                    </>
                  )}
                </Group>
              </VirtualRow>
            )
          })}
        </VirtualRowsBody>
      </div>
    </Box>
  )
}
