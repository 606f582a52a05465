import { Badge, Group, Stack, Text } from '@mantine/core'
import type { EnvironmentId } from '../../../../shared/environments'
import { Timestamp } from '../../components/Timestamp'
import { useChecksLinkedTo } from '../../data/checks/checkQueries'
import { statusColor, statusLabel } from '../../components/checkLabels'
import { useNavigate } from '@tanstack/react-router'

/** The crypto checks linked to an entity; each opens in History. */
export function LinkedChecks({
  environment,
  entityId,
}: {
  environment: EnvironmentId
  entityId: string
}) {
  const navigate = useNavigate()
  const checks = useChecksLinkedTo(environment, entityId)
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
          onClick={() =>
            void navigate({ to: '/history/$checkId', params: { checkId: check.localId } })
          }
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
