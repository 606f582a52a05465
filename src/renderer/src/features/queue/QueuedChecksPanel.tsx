import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconClockPause } from '@tabler/icons-react'
import { useLiveQuery } from 'dexie-react-hooks'
import { environmentLabels } from '../../../../shared/environments'
import { appDatabase, type QueuedCheck } from '../../db/appDatabase'
import { formatLocalDateTime } from '../../ui/formatTime'
import { searchActions } from '../search/store'
import { removeQueued, requeue } from './checkQueue'
import { drainQueue } from './queueRunner'

const stateLabels: Record<QueuedCheck['state'], [string, string]> = {
  queued: ['Waiting for the service', 'gray'],
  running: ['Running', 'blue'],
  interrupted: ['Check before resending', 'orange'],
  failed: ['Failed', 'red'],
  done: ['Done', 'green'],
}

function QueuedCheckRow({ item }: { item: QueuedCheck }) {
  const [label, color] = stateLabels[item.state]
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="queued-check" data-state={item.state}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" ff="monospace" truncate>
            {item.query}
          </Text>
          <Badge size="xs" variant="light" radius="sm" tt="none">
            {environmentLabels[item.environment]}
          </Badge>
          <Badge size="xs" color={color} radius="sm" tt="none">
            {label}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Queued {formatLocalDateTime(item.queuedAt)}
          {item.message ? ` · ${item.message}` : ''}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        {item.state === 'done' && item.resultLocalId && (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => searchActions.showCheck(item.resultLocalId ?? '')}
          >
            View result
          </Button>
        )}
        {(item.state === 'interrupted' || item.state === 'failed') && (
          <Button
            size="compact-xs"
            variant="light"
            color="orange"
            onClick={() => void requeue(appDatabase, item.localId).then(drainQueue)}
          >
            Send again
          </Button>
        )}
        {item.state !== 'running' && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={() => void removeQueued(appDatabase, item.localId)}
          >
            {item.state === 'queued' ? 'Cancel' : 'Dismiss'}
          </Button>
        )}
      </Group>
    </Group>
  )
}

/** Checks waiting for the service, and what became of them. */
export function QueuedChecksPanel() {
  const items = useLiveQuery(
    () => appDatabase.queuedChecks.orderBy('[state+queuedAt]').toArray(),
    [],
  )
  if (!items || items.length === 0) return null
  const waiting = items.filter((item) => item.state === 'queued').length
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="queued-checks">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap={6}>
            <IconClockPause size={16} />
            <Text size="sm" fw={600}>
              Queued checks{waiting > 0 ? ` · ${waiting} waiting` : ''}
            </Text>
          </Group>
          {waiting > 0 && (
            <Button size="compact-xs" variant="default" onClick={() => void drainQueue()}>
              Try now
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Each runs once, in the environment it was queued for, as soon as the service answers; they
          are kept if the app closes.
        </Text>
        {items.map((item) => (
          <QueuedCheckRow key={item.localId} item={item} />
        ))}
      </Stack>
    </Paper>
  )
}
