import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { IconArrowLeft, IconCloudOff } from '@tabler/icons-react'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { EnvironmentId } from '../../../../shared/environments'
import { BridgeCallError, callBridge, errorMessage } from '../../bridge/bridgeClient'
import { appDatabase } from '../../db/appDatabase'
import { CopyValue } from '../../ui/CopyValue'
import { formatAge, formatLocalDateTime } from '../../ui/formatTime'
import { Timestamp } from '../../ui/Timestamp'
import { saveEntity } from './entityCache'
import { AddToCase } from '../cases/AddToCase'
import { LinkedChecks } from './LinkedChecks'
import { entityDisplayName } from './entityDisplay'
import { entityListActions } from './store'
import { isUnreachable } from '../../bridge/bridgeClient'

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
export function EntityDetail({ environment, id }: { environment: EnvironmentId; id: string }) {
  const cached = useLiveQuery(() => appDatabase.entities.get([environment, id]), [environment, id])
  const [outcome, setOutcome] = useState<{
    id: string
    problem: { name: string; message: string } | null
  } | null>(null)

  useEffect(() => {
    let current = true
    callBridge('entities.get', { id })
      .then((fetched) => saveEntity(appDatabase, fetched))
      .then(() => current && setOutcome({ id, problem: null }))
      .catch((error: unknown) => {
        const name = error instanceof BridgeCallError ? error.name : 'Error'
        if (current) setOutcome({ id, problem: { name, message: errorMessage(error) } })
      })
    return () => {
      current = false
    }
  }, [id])

  const loading = outcome?.id !== id
  const problem = outcome?.id === id ? outcome.problem : null
  const entity = cached?.entity
  return (
    <Stack gap="sm" maw={900} data-testid="entity-detail">
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
          onClick={entityListActions.closeEntity}
        >
          Back to entities
        </Button>
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
              <Title order={3} size="h4">
                {entityDisplayName(entity)}
              </Title>
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
                entity: { environment, id: entity.id, name: entityDisplayName(entity) },
              }}
            />
            <LinkedChecks environment={environment} entityId={entity.id} />
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
