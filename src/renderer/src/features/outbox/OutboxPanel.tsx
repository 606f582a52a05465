import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconClockPause } from '@tabler/icons-react'
import { environmentLabels } from '../../../../shared/environments'
import { escapeForDisplay } from '../../../../shared/text/escapeForDisplay'
import { formatLocalDateTime } from '../../components/formatTime'
import { useNavigate } from '@tanstack/react-router'
import { refetchEntities } from '../../data/entities/entityServerQueries'
import { drainOutbox } from '../../work/outboxRunner'
import { useOutboxItems } from '../../data/outbox/outboxQueries'
import {
  outboxRepository,
  type OutboxItem,
  type OutboxWork,
} from '../../data/outbox/outboxRepository'

const stateLabels: Record<OutboxItem['state'], [string, string]> = {
  queued: ['Waiting for the service', 'gray'],
  running: ['Sending', 'blue'],
  interrupted: ['Check before resending', 'orange'],
  held: ['Held from a backup', 'orange'],
  failed: ['Failed', 'red'],
  done: ['Done', 'green'],
}

const panelTitles: Record<OutboxWork['kind'], string> = {
  cryptoCheck: 'Queued checks',
  createEntity: 'Entities waiting to be created',
}

/** A label may come from a restored backup: shown through the one display function. */
const describe = (item: OutboxItem): string =>
  item.kind === 'cryptoCheck' ? item.query : escapeForDisplay(item.label)

function OutboxRow({ item }: { item: OutboxItem }) {
  const [label, color] = stateLabels[item.state]
  const resultId = item.resultId
  const navigate = useNavigate()
  const openResult = (resultId: string) =>
    void (item.kind === 'cryptoCheck'
      ? navigate({ to: '/history/$checkId', params: { checkId: resultId } })
      : navigate({ to: '/entities/$entityId', params: { entityId: resultId } }))
  const lookForNewest = () => {
    void refetchEntities()
    void navigate({ to: '/entities' })
  }
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      data-testid="outbox-item"
      data-state={item.state}
      data-request-id={item.localId}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" ff={item.kind === 'cryptoCheck' ? 'monospace' : undefined} truncate>
            {describe(item)}
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
        {item.state === 'done' && resultId && (
          <Button size="compact-xs" variant="light" onClick={() => openResult(resultId)}>
            {item.kind === 'cryptoCheck' ? 'View result' : 'Open entity'}
          </Button>
        )}
        {item.state === 'interrupted' && item.kind === 'createEntity' && (
          <Button size="compact-xs" variant="light" onClick={lookForNewest}>
            Look for it
          </Button>
        )}
        {(item.state === 'interrupted' || item.state === 'held' || item.state === 'failed') && (
          <Button
            size="compact-xs"
            variant="light"
            color="orange"
            onClick={() => void outboxRepository.requeue(item.localId).then(drainOutbox)}
          >
            {item.state === 'held' ? 'Send from here' : 'Send again'}
          </Button>
        )}
        {item.state !== 'running' && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={() => void outboxRepository.removeItem(item.localId)}
          >
            {item.state === 'queued' ? 'Cancel' : 'Dismiss'}
          </Button>
        )}
      </Group>
    </Group>
  )
}

/** Work of one kind waiting for the service, and what became of it. */
export function OutboxPanel({ kind }: { kind: OutboxWork['kind'] }) {
  const items = useOutboxItems(kind)
  if (!items || items.length === 0) return null
  const waiting = items.filter((item) => item.state === 'queued').length
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={`outbox-${kind}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap={6}>
            <IconClockPause size={16} />
            <Text size="sm" fw={600}>
              {panelTitles[kind]}
              {waiting > 0 ? ` · ${waiting} waiting` : ''}
            </Text>
          </Group>
          {waiting > 0 && (
            <Button size="compact-xs" variant="default" onClick={() => void drainOutbox()}>
              Try now
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Each is sent once, to the environment it was queued for, as soon as the service answers;
          they are kept if the app closes.
        </Text>
        {items.map((item) => (
          <OutboxRow key={item.localId} item={item} />
        ))}
      </Stack>
    </Paper>
  )
}
