import { Badge, Code, Group, Table, Text } from '@mantine/core'
import type { Entity } from '../../../../shared/bridge/entitiesContract'
import { CopyValue } from '../../components/CopyValue'
import { Timestamp } from '../../components/Timestamp'
import { entityDisplayName } from '../../components/entityDisplay'
import { useNavigate } from '@tanstack/react-router'

function EntityIdCell({ id }: { id: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code>{id}</Code>
      <CopyValue value={id} label={`Copy ${id}`} />
    </Group>
  )
}

export function EntityTable({ entities }: { entities: Entity[] }) {
  const navigate = useNavigate()
  return (
    <Table
      striped
      highlightOnHover
      stickyHeader
      verticalSpacing={6}
      fz="sm"
      data-testid="entity-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th w={110}>Type</Table.Th>
          <Table.Th>E-mail</Table.Th>
          <Table.Th w={300}>Entity ID</Table.Th>
          <Table.Th w={210}>Created</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entities.map((entity) => (
          <Table.Tr
            key={entity.id}
            data-testid="entity-row"
            onClick={() =>
              void navigate({ to: '/entities/$entityId', params: { entityId: entity.id } })
            }
            style={{ cursor: 'pointer' }}
          >
            <Table.Td>
              <Text size="sm" fw={500}>
                {entityDisplayName(entity)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={entity.entityType === 'business' ? 'grape' : 'blue'}
                size="sm"
              >
                {entity.entityType ?? 'unknown'}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {entity.email ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <EntityIdCell id={entity.id} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {entity.createdAt ? <Timestamp iso={entity.createdAt} /> : '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
