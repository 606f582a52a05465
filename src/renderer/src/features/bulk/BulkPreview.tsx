import {
  Alert,
  Badge,
  Checkbox,
  Group,
  List,
  MultiSelect,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import { addressChainNames } from '../../../../shared/address'
import type { BulkPlan } from '../../../../shared/bulk/bulkPlan'
import type { BulkTable } from '../../../../shared/bulk/bulkTable'
import { countOf, noun } from '../../../../shared/text/counting'
import { bulkActions, useBulkStore } from './store'

const previewRows = 5
const invalidShown = 50

const delimiterNames = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' } as const

/** The first rows as they will be read, the column picker, and what will not be sent. */
export function BulkPreview({
  table,
  plan,
  addressColumn,
}: {
  table: BulkTable
  plan: BulkPlan
  addressColumn: number
}) {
  const carryColumns = useBulkStore((state) => state.carryColumns)
  const excludeInvalid = useBulkStore((state) => state.excludeInvalid)
  const columnOptions = table.columns.map((name, index) => ({ value: String(index), label: name }))
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="bulk-read-summary">
        {countOf(table.rows.length, noun('row'))} read, separated by{' '}
        {delimiterNames[table.delimiter]},{' '}
        {table.hasHeader ? 'with a header row' : 'without a header row'}.
      </Text>
      <Group align="flex-end" grow>
        <Select
          label="Address column"
          data={columnOptions}
          value={String(addressColumn)}
          onChange={(value) => value !== null && bulkActions.setAddressColumn(Number(value))}
          allowDeselect={false}
          data-testid="bulk-address-column"
        />
        <MultiSelect
          label="Columns to carry into the results"
          description="Shown in the results table and written to the results file beside the address"
          data={columnOptions.filter((option) => option.value !== String(addressColumn))}
          value={carryColumns.map(String)}
          onChange={(values) => bulkActions.setCarryColumns(values.map(Number))}
          placeholder={carryColumns.length ? undefined : 'None'}
          data-testid="bulk-carry-columns"
        />
      </Group>
      <ScrollArea>
        <Table withTableBorder striped fz="sm" data-testid="bulk-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              {table.columns.map((name, index) => (
                <Table.Th key={index}>{name}</Table.Th>
              ))}
              <Table.Th>Chain</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.slice(0, previewRows).map((cells, row) => {
              const check = plan.rowChecks[row] ?? -1
              const chain = check === -1 ? null : plan.checks[check]?.chain
              return (
                <Table.Tr key={row} data-testid="bulk-preview-row">
                  <Table.Td>{table.lines[row]}</Table.Td>
                  {table.columns.map((_, column) => (
                    <Table.Td key={column} ff={column === addressColumn ? 'monospace' : undefined}>
                      {cells[column] ?? ''}
                    </Table.Td>
                  ))}
                  {/* Never narrower than its badge (a clipped label may shrink to nothing in a table). */}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {check === -1 ? (
                      <Badge
                        color="red"
                        variant="light"
                        styles={{ label: { overflow: 'visible' } }}
                      >
                        Invalid
                      </Badge>
                    ) : chain ? (
                      addressChainNames[chain]
                    ) : (
                      'Not recognised'
                    )}
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Text size="sm" data-testid="bulk-plan-summary">
        {countOf(plan.checks.length, noun('unique address', 'unique addresses'))} to check;{' '}
        {countOf(plan.duplicateCount, noun('duplicate row'))}{' '}
        {plan.duplicateCount === 1 ? 'shares' : 'share'} a check with an earlier row;{' '}
        {countOf(plan.invalid.length, noun('invalid row'))}.
      </Text>
      {plan.invalid.length > 0 && (
        <Alert
          color="red"
          variant="light"
          title="Rows that will not be checked"
          data-testid="bulk-invalid"
        >
          <List size="sm" spacing={2}>
            {plan.invalid.slice(0, invalidShown).map((row) => (
              <List.Item key={row.row} data-testid="bulk-invalid-row">
                Line {row.line}:{' '}
                <Text span ff="monospace" size="sm">
                  {row.address || '(empty)'}
                </Text>{' '}
                — {row.reason}
              </List.Item>
            ))}
          </List>
          {plan.invalid.length > invalidShown && (
            <Text size="sm" mt={4}>
              and {countOf(plan.invalid.length - invalidShown, noun('more row'))}.
            </Text>
          )}
          <Checkbox
            mt="sm"
            label="Leave invalid rows out of the results file"
            checked={excludeInvalid}
            onChange={(event) => bulkActions.setExcludeInvalid(event.currentTarget.checked)}
            data-testid="bulk-exclude-invalid"
          />
        </Alert>
      )}
    </Stack>
  )
}
