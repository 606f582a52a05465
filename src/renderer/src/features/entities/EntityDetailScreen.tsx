import { Alert, Badge, Code, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core'
import { IconCloudOff } from '@tabler/icons-react'
import type { EnvironmentId } from '../../../../shared/environments'
import { BridgeCallError, errorMessage, isUnreachable } from '../../bridge/bridgeClient'
import { CopyValue } from '../../components/CopyValue'
import { formatAge, formatLocalDateTime } from '../../components/formatTime'
import { Timestamp } from '../../components/Timestamp'
import { useCachedEntity } from '../../data/entities/entityQueries'
import { useEntityFetch } from '../../data/entities/entityServerQueries'
import { AddToCase } from '../cases/AddToCase'
import { LinkedChecks } from './LinkedChecks'
import { entityDisplayName, entityName } from '../../components/entityDisplay'
import { useActiveEnvironment } from '../../data/settings/settingsQueries'
import { BackLink } from '../../components/BackLink'
import { ScreenTitle } from '../../components/ScreenTitle'

const fieldLabels: Record<string, string> = {
  entityType: 'Type',
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Name',
  email: 'E-mail',
  isSubjectConsent: 'Subject consent',
  createdAt: 'Created',
  lastModifiedAt: 'Last modified',
}

const timestampFields = new Set(['createdAt', 'lastModifiedAt'])

const display = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'boolean'
      ? value
        ? 'yes'
        : 'no'
      : JSON.stringify(value)

/** One entity as the service last returned it; fetched again on opening, read from the cache when offline. */
export function EntityDetailScreen({
  environment,
  id,
}: {
  /** Null for the active environment. */
  environment: EnvironmentId | null
  id: string
}) {
  const active = useActiveEnvironment()
  const shownIn = environment ?? active
  return shownIn === null ? null : (
    <EntityDetail environment={shownIn} id={id} active={shownIn === active} />
  )
}

function EntityDetail({
  environment,
  id,
  active,
}: {
  environment: EnvironmentId
  id: string
  active: boolean
}) {
  const cached = useCachedEntity(environment, id)
  const fetch = useEntityFetch(environment, id, active)
  const loading = fetch.isFetching
  const problem = fetch.error
    ? {
        name: fetch.error instanceof BridgeCallError ? fetch.error.name : 'Error',
        message: errorMessage(fetch.error),
      }
    : null
  const entity = cached?.entity
  return (
    <Stack gap="sm" maw={900} data-testid="entity-detail">
      <Group>
        <BackLink to="/entities">Back to entities</BackLink>
        {loading && <Loader size="xs" />}
      </Group>
      {problem && isUnreachable(problem.name) && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconCloudOff size={18} />}
          title="Offline — showing the cached entity"
        >
          {problem.message}
        </Alert>
      )}
      {problem && !isUnreachable(problem.name) && (
        <Alert
          color="red"
          variant="light"
          title={
            problem.name === 'ResourceNotFoundError'
              ? 'Entity not found'
              : 'The entity could not be loaded'
          }
          data-testid="entity-detail-error"
        >
          {problem.message}
        </Alert>
      )}
      {entity && cached && (
        <Paper withBorder radius="sm" p="md">
          <Stack gap="xs">
            <Group gap="xs">
              <ScreenTitle size="h4">{entityDisplayName(entity)}</ScreenTitle>
              <Badge
                variant="light"
                radius="sm"
                color={entity.entityType === 'business' ? 'grape' : 'blue'}
              >
                {entity.entityType ?? 'unknown'}
              </Badge>
            </Group>
            <Group gap={4}>
              <Code>{entity.id}</Code>
              <CopyValue value={entity.id} label="Copy entity ID" />
            </Group>
            <Text size="xs" c="dimmed" data-testid="entity-fetched-at">
              Fetched {formatLocalDateTime(cached.fetchedAt)} ({formatAge(cached.fetchedAt)})
            </Text>
            <Table withRowBorders={false} verticalSpacing={4} fz="sm">
              <Table.Tbody>
                {Object.entries(entity)
                  .filter(([field]) => field !== 'id')
                  .map(([field, value]) => (
                    <Table.Tr key={field}>
                      <Table.Td w={180} c="dimmed">
                        {fieldLabels[field] ?? field}
                      </Table.Td>
                      <Table.Td>
                        {timestampFields.has(field) &&
                        typeof value === 'string' &&
                        !Number.isNaN(Date.parse(value)) ? (
                          <Timestamp iso={value} />
                        ) : (
                          display(value)
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
            <AddToCase
              target={{
                kind: 'entity',
                entity: { environment, id: entity.id, name: entityName(entity) },
              }}
            />
            <LinkedChecks environment={environment} entityId={entity.id} />
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
