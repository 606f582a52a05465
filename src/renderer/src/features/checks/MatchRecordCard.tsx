import { Badge, Card, Group, Table, Text } from '@mantine/core'
import { CopyValue } from '../../components/CopyValue'

/** Fields read first for a crypto wallet; any other field follows in the order the service sent it. */
const leadingFields = [
  'title',
  'publicKey',
  'currency',
  'balance',
  'amountUsd',
  'datasets',
  'topics',
  'alias',
]
const identifierFields = new Set(['title', 'publicKey'])
const fieldLabels: Record<string, string> = {
  title: 'Title',
  publicKey: 'Public key',
  currency: 'Currency',
  balance: 'Balance',
  amountUsd: 'Amount (USD)',
  datasets: 'Datasets',
  topics: 'Topics',
  alias: 'Alias',
}

const valuesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
    : [typeof value === 'string' ? value : JSON.stringify(value)]

function FieldValue({ field, values }: { field: string; values: string[] }) {
  if (values.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    )
  if (field === 'datasets' || field === 'topics') {
    return (
      <Group gap={4}>
        {values.map((value) => (
          <Badge
            key={value}
            variant="light"
            color={field === 'topics' ? 'orange' : 'gray'}
            radius="sm"
            tt="none"
          >
            {value}
          </Badge>
        ))}
      </Group>
    )
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        size="sm"
        ff={identifierFields.has(field) ? 'monospace' : undefined}
        style={{ wordBreak: 'break-all' }}
      >
        {values.join(', ')}
      </Text>
      {identifierFields.has(field) && values[0] && (
        <CopyValue value={values[0]} label={`Copy ${fieldLabels[field] ?? field}`} />
      )}
    </Group>
  )
}

export function MatchRecordCard({ record }: { record: Record<string, unknown> }) {
  const fields = [
    ...leadingFields.filter((field) => field in record),
    ...Object.keys(record).filter(
      (field) => !leadingFields.includes(field) && field !== 'entityType',
    ),
  ]
  const title = valuesOf(record.title ?? record.publicKey ?? '')[0] ?? ''
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="match-record">
      <Group gap="xs" mb={6}>
        <Text fw={600} size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {title}
        </Text>
        {typeof record.entityType === 'string' && (
          <Badge size="sm" variant="outline" radius="sm" tt="none">
            {record.entityType}
          </Badge>
        )}
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {fields.map((field) => (
            <Table.Tr key={field}>
              <Table.Td w={140} c="dimmed" style={{ verticalAlign: 'top' }}>
                {fieldLabels[field] ?? field}
              </Table.Td>
              <Table.Td>
                <FieldValue field={field} values={valuesOf(record[field])} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  )
}
