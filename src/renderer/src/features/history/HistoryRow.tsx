import { Badge, Group, Text } from '@mantine/core'
import { environmentLabels } from '../../../../shared/environments'
import type { StoredCheck } from '../../db/appDatabase'
import { formatLocalDateTime } from '../../ui/formatTime'
import { categoryLabel, statusColor, statusLabel } from '../checks/checkLabels'
import { historyActions } from './store'

export const historyRowHeight = 44

/** One past check; `stored` is undefined until its record is read, as it scrolls into view. */
export function HistoryRow({ stored }: { stored: StoredCheck | undefined }) {
  return (
    <Group
      h={historyRowHeight}
      px="sm"
      gap="sm"
      wrap="nowrap"
      onClick={() => stored && historyActions.open(stored.localId)}
      style={{ cursor: 'pointer', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="history-row"
      role="button"
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && stored) historyActions.open(stored.localId)
      }}
    >
      {stored && (
        <>
          <Text size="sm" w={170} style={{ flexShrink: 0 }} title={`${stored.fetchedAt} (UTC)`}>
            {formatLocalDateTime(stored.fetchedAt)}
          </Text>
          <Badge
            size="sm"
            variant="light"
            radius="sm"
            w={120}
            tt="none"
            color={
              stored.environment === 'production'
                ? 'red'
                : stored.environment === 'sandbox'
                  ? 'blue'
                  : 'teal'
            }
            style={{ flexShrink: 0 }}
          >
            {environmentLabels[stored.environment]}
          </Badge>
          <Text
            size="sm"
            ff="monospace"
            truncate
            style={{ flex: 1, minWidth: 0 }}
            title={stored.query}
          >
            {stored.query}
          </Text>
          <Badge
            size="sm"
            radius="sm"
            w={130}
            color={statusColor(stored.status)}
            variant={stored.status === 'review_required' ? 'filled' : 'light'}
            style={{ flexShrink: 0 }}
          >
            {statusLabel(stored.status)}
          </Badge>
          <Text size="sm" w={80} ta="right" style={{ flexShrink: 0 }}>
            {stored.totalEntity}
          </Text>
          <Group gap={4} w={220} wrap="nowrap" style={{ flexShrink: 0, overflow: 'hidden' }}>
            {stored.hitCategories.map((category) => (
              <Badge key={category} size="xs" variant="outline" color="red" radius="sm" tt="none">
                {categoryLabel(category)}
              </Badge>
            ))}
          </Group>
        </>
      )}
    </Group>
  )
}
