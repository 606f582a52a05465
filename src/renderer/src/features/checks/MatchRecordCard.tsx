import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core'
import { IconBulb } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { chainsOf } from '../../../../shared/cases/checkHits'
import type { RecordGroup } from '../../../../shared/cases/recordGroups'
import type { EnvironmentId } from '../../../../shared/environments'
import { matchReason } from '../../../../shared/records/matchReason'
import { formatBalance, formatUsd } from '../../../../shared/records/recordAmounts'
import {
  datasetName,
  isSyntheticRecord,
  sandboxInventedFields,
  topicName,
} from '../../../../shared/records/recordVocabulary'
import { categoryLabel } from '../../components/checkLabels'
import { ChainBadges } from '../../components/ChainBadges'
import { ShortIdentifier } from '../../components/ShortIdentifier'

/** Fields shown in the card's own places (heading, amounts, codes); any other follows as sent. */
const placedFields = new Set([
  'title',
  'alias',
  'entityType',
  'publicKey',
  'currency',
  'balance',
  'amountUsd',
  'datasets',
  'topics',
])
const identifierFields = new Set(['title', 'publicKey'])

const valuesOf = (value: unknown): string[] =>
  value === undefined
    ? []
    : Array.isArray(value)
      ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
      : [typeof value === 'string' ? value : JSON.stringify(value)]

function SyntheticMark({ what }: { what: string }) {
  return (
    <Badge
      size="sm"
      variant="outline"
      color="grape"
      radius="sm"
      tt="none"
      title={`${what} made up by the local sandbox: not real data`}
      data-testid="synthetic-mark"
    >
      synthetic
    </Badge>
  )
}

/** A code with its human name first: "US OFAC SDN list us_ofac_sdn". */
function NamedCodes({
  codes,
  nameOf,
  color,
}: {
  codes: string[]
  nameOf: (code: string) => string
  color: string
}) {
  if (codes.length === 0) return <Text size="sm">—</Text>
  return (
    <Group gap={6}>
      {codes.map((code) => (
        <Badge
          key={code}
          variant="light"
          color={color}
          radius="sm"
          tt="none"
          size="md"
          styles={{ root: { height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal' } }}
        >
          {nameOf(code)}{' '}
          <Text span size="xs" ff="monospace" c="inherit">
            {code}
          </Text>
        </Badge>
      ))}
    </Group>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td w={130} c="dimmed" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Td>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  )
}

/**
 * One matched record, listed once with every category it came under: who holds it, why it
 * matched, its lists and topics by name, its amounts with their units, and what is made up.
 */
export function MatchRecordCard({
  group,
  query,
  environment,
}: {
  group: Pick<RecordGroup, 'record' | 'categories'>
  query: string
  environment: EnvironmentId
}) {
  const { record, categories } = group
  const holder = valuesOf(record.alias)
  const identifier = valuesOf(record.title ?? record.publicKey)[0] ?? ''
  const publicKey = valuesOf(record.publicKey)[0]
  const currency = valuesOf(record.currency)[0]
  const synthetic = isSyntheticRecord(record)
  // The local sandbox invents these for every record; a real service's values are its own.
  const invented = (field: string) =>
    environment === 'local' && !synthetic && sandboxInventedFields.includes(field)
  const reason = matchReason(query, record)
  const otherFields = Object.keys(record).filter((field) => !placedFields.has(field))
  return (
    <Card
      withBorder
      radius="sm"
      padding="sm"
      data-testid="match-record"
      data-categories={categories.join(' ')}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={700} size="md" data-testid="record-holder">
                {holder[0] ?? 'Holder not named'}
              </Text>
              <ChainBadges chains={chainsOf(record)} />
              {typeof record.entityType === 'string' && (
                <Badge size="sm" variant="outline" color="gray" radius="sm" tt="none">
                  {record.entityType}
                </Badge>
              )}
              {synthetic && <SyntheticMark what="This whole record is" />}
            </Group>
            {holder.length > 1 && <Text size="sm">Also known as {holder.slice(1).join(', ')}</Text>}
            {identifier && (
              // A card has room: the whole identifier, to compare character by character.
              <ShortIdentifier
                value={identifier}
                head={48}
                tail={24}
                copyLabel="Copy the record’s identifier"
              />
            )}
          </Stack>
          <Group gap={4} data-testid="record-categories" aria-label="Listed under">
            {categories.map((category) => (
              <Badge
                key={category}
                color="red"
                variant="light"
                radius="sm"
                tt="none"
                style={{ overflow: 'visible' }}
                data-testid="record-category"
              >
                {categoryLabel(category)}
              </Badge>
            ))}
          </Group>
        </Group>
        <Group
          gap={6}
          wrap="nowrap"
          align="flex-start"
          data-testid="match-reason"
          data-kind={reason.kind}
        >
          <IconBulb size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Text size="sm">{reason.sentence}</Text>
        </Group>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            <Row label="Lists">
              <NamedCodes codes={valuesOf(record.datasets)} nameOf={datasetName} color="gray" />
            </Row>
            <Row label="Topics">
              <NamedCodes codes={valuesOf(record.topics)} nameOf={topicName} color="orange" />
            </Row>
            {publicKey !== undefined && publicKey !== identifier && (
              <Row label="Public key">
                <ShortIdentifier value={publicKey} copyLabel="Copy public key" />
              </Row>
            )}
            {record.balance !== undefined && (
              <Row label="Balance">
                <Group gap={6}>
                  <Text size="sm" data-testid="record-balance">
                    {valuesOf(record.balance)
                      .map((balance) => formatBalance(balance, currency))
                      .join(', ')}
                  </Text>
                  {invented('balance') && <SyntheticMark what="This balance is" />}
                </Group>
              </Row>
            )}
            {record.amountUsd !== undefined && (
              <Row label="Value (USD)">
                <Group gap={6}>
                  <Text size="sm" data-testid="record-usd">
                    {valuesOf(record.amountUsd).map(formatUsd).join(', ')}
                  </Text>
                  {invented('amountUsd') && <SyntheticMark what="This value is" />}
                </Group>
              </Row>
            )}
            {currency !== undefined && record.balance === undefined && (
              <Row label="Currency">
                <Text size="sm">{valuesOf(record.currency).join(', ')}</Text>
              </Row>
            )}
            {otherFields.map((field) => (
              <Row key={field} label={field}>
                <Text
                  size="sm"
                  ff={identifierFields.has(field) ? 'monospace' : undefined}
                  style={{ wordBreak: 'break-word' }}
                >
                  {valuesOf(record[field]).join(', ') || '—'}
                </Text>
              </Row>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  )
}
