import { Badge, Table, Text } from '@mantine/core'
import type { Entity } from '../../../../shared/bridge/entitiesContract'
import { ShortIdentifier } from '../../components/ShortIdentifier'
import { Timestamp } from '../../components/Timestamp'
import { entityDisplayName } from '../../components/entityDisplay'
import { useNavigate } from '@tanstack/react-router'

function EntityIdCell({ id }: { id: string }) {
  return <ShortIdentifier value={id} head={10} tail={6} copyLabel={`Copy ${id}`} />
}

/** An e-mail that may wrap before its `@` when the column is narrow, never inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  if (at <= 0) return email
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
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
          <Table.Th>Type</Table.Th>
          <Table.Th>E-mail</Table.Th>
          <Table.Th>Entity ID</Table.Th>
          <Table.Th>Created</Table.Th>
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
            <Table.Td miw={140}>
              <Text size="sm" fw={500}>
                {entityDisplayName(entity)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={entity.entityType === 'business' ? 'grape' : 'blue'}
                size="sm"
                styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
              >
                {entity.entityType ?? 'unknown'}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                {entity.email ? <EmailText email={entity.email} /> : '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <EntityIdCell id={entity.id} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {entity.createdAt ? <Timestamp iso={entity.createdAt} dateOnly /> : '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
