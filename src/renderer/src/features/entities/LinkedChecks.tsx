import { Badge, Group, Stack, Text } from '@mantine/core'
import { useLiveQuery } from 'dexie-react-hooks'
import type { EnvironmentId } from '../../../../shared/environments'
import { appDatabase } from '../../db/appDatabase'
import { Timestamp } from '../../ui/Timestamp'
import { checksLinkedTo } from '../checks/checkStore'
import { statusColor, statusLabel } from '../checks/checkLabels'
import { historyActions } from '../history/store'
import { shellActions } from '../shell/store'

/** The crypto checks linked to an entity; each opens in History. */
export function LinkedChecks({
  environment,
  entityId,
}: {
  environment: EnvironmentId
  entityId: string
}) {
  const checks = useLiveQuery(
    () => checksLinkedTo(appDatabase, environment, entityId),
    [environment, entityId],
  )
  return (
    <Stack gap={4} data-testid="linked-checks">
      <Text size="sm" fw={600}>
        Crypto checks linked to this entity
      </Text>
      {checks && checks.length === 0 && (
        <Text size="sm" c="dimmed">
          None yet: link a check from its result view.
        </Text>
      )}
      {checks?.map((check) => (
        <Group
          key={check.localId}
          gap="sm"
          wrap="nowrap"
          style={{ cursor: 'pointer' }}
          data-testid="linked-check"
          onClick={() => {
            historyActions.open(check.localId)
            shellActions.show('history')
          }}
        >
          <Timestamp iso={check.fetchedAt} />
          <Text size="sm" ff="monospace" truncate style={{ flex: 1, minWidth: 0 }}>
            {check.query}
          </Text>
          <Badge size="sm" radius="sm" color={statusColor(check.status)}>
            {statusLabel(check.status)}
          </Badge>
        </Group>
      ))}
    </Stack>
  )
}
