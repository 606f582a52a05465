import { Badge, Group, Text } from '@mantine/core'
import { environmentLabels } from '../../../../shared/environments'
import { isStoredCheck, type CheckRecord } from '../../data/checks/checkRepository'
import { formatLocalDateTime } from '../../components/formatTime'
import {
  categoryLabel,
  outcomeColor,
  outcomeLabel,
  statusColor,
  statusLabel,
} from '../../components/checkLabels'
import { useNavigate } from '@tanstack/react-router'

export const historyRowHeight = 44

/** The status and hits of an answered check, or what became of an attempt that gave none. */
function RowResult({ stored }: { stored: CheckRecord }) {
  if (!isStoredCheck(stored)) {
    return (
      <>
        <Badge
          size="sm"
          radius="sm"
          w={130}
          color={outcomeColor(stored.outcome)}
          variant="outline"
          tt="none"
          style={{ flexShrink: 0 }}
          data-testid="history-row-outcome"
          title={outcomeLabel(stored.outcome)}
        >
          {outcomeLabel(stored.outcome)}
        </Badge>
        <Text size="sm" w={80} ta="right" c="dimmed" style={{ flexShrink: 0 }}>
          —
        </Text>
        <Text
          size="xs"
          c="dimmed"
          w={220}
          truncate
          style={{ flexShrink: 0 }}
          title={stored.error?.message}
        >
          {stored.billed && stored.outcome === 'unknown'
            ? 'May have been billed'
            : (stored.error?.name ?? 'Waiting for the journal')}
        </Text>
      </>
    )
  }
  return (
    <>
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
  )
}

/** One past check; `stored` is undefined until its record is read, as it scrolls into view. */
export function HistoryRow({ stored }: { stored: CheckRecord | undefined }) {
  const navigate = useNavigate()
  const open = () =>
    stored && void navigate({ to: '/history/$checkId', params: { checkId: stored.localId } })
  return (
    <Group
      h={historyRowHeight}
      px="sm"
      gap="sm"
      wrap="nowrap"
      onClick={open}
      style={{ cursor: 'pointer', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="history-row"
      data-outcome={stored?.outcome}
      role="button"
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'Enter') open()
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
          <RowResult stored={stored} />
        </>
      )}
    </Group>
  )
}
