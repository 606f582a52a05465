import { Badge, Group, MultiSelect, ScrollArea, Select, Stack, Table, Text } from '@mantine/core'
import { addressChainNames } from '../../../../shared/address'
import type { BulkPlan } from '../../../../shared/bulk/bulkPlan'
import type { BulkTable } from '../../../../shared/bulk/bulkTable'
import { countOf, noun } from '../../../../shared/text/counting'
import { BulkAccounting } from './BulkAccounting'
import { BulkSetAside } from './BulkSetAside'
import { bulkActions, carriedColumns, useBulkStore } from './store'

const previewRows = 5

const delimiterNames = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' } as const

/** What the preview says a row will be: its chain, or why it is set aside. */
function RowVerdict({ plan, row }: { plan: BulkPlan; row: number }) {
  const check = plan.rowChecks[row] ?? -1
  const chain = check === -1 ? null : plan.checks[check]?.chain
  const unrecognised = check === -1 && plan.unrecognised.some((entry) => entry.row === row)
  if (check === -1) {
    return (
      <Badge
        color={unrecognised ? 'yellow' : 'red'}
        variant="light"
        styles={{ label: { overflow: 'visible' } }}
      >
        {unrecognised ? 'Not recognised' : 'Invalid'}
      </Badge>
    )
  }
  return <>{chain ? addressChainNames[chain] : 'Not recognised, sent as is'}</>
}

/** The first rows as they will be read, the column pickers, and every line accounted for. */
export function BulkPreview({
  table,
  plan,
  addressColumn,
}: {
  table: BulkTable
  plan: BulkPlan
  addressColumn: number
}) {
  const chosenCarry = useBulkStore((state) => state.carryColumns)
  const carryColumns = carriedColumns(chosenCarry, table.columns.length, addressColumn)
  const columnOptions = table.columns.map((name, index) => ({ value: String(index), label: name }))
  const chainColumn = plan.chainColumn === null ? null : table.columns[plan.chainColumn]
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="bulk-read-summary">
        {countOf(table.lineCount, noun('line'))} read, separated by{' '}
        {delimiterNames[table.delimiter]},{' '}
        {table.hasHeader ? 'with a header row' : 'without a header row'}.
        {chainColumn !== null && (
          <> Each address is checked against the chain in the “{chainColumn}” column.</>
        )}
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
              const broken = table.broken.get(row)
              return (
                <Table.Tr key={row} data-testid="bulk-preview-row">
                  <Table.Td>{table.lines[row]}</Table.Td>
                  {broken ? (
                    <Table.Td
                      colSpan={table.columns.length}
                      ff="monospace"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {broken.text}
                    </Table.Td>
                  ) : (
                    table.columns.map((_, column) => (
                      <Table.Td
                        key={column}
                        ff={column === addressColumn ? 'monospace' : undefined}
                        // An address breaks anywhere (it has no words to break between).
                        style={column === addressColumn ? { wordBreak: 'break-all' } : undefined}
                      >
                        {cells[column] ?? ''}
                      </Table.Td>
                    ))
                  )}
                  {/* Never narrower than its badge (a clipped label may shrink to nothing in a table). */}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <RowVerdict plan={plan} row={row} />
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <BulkAccounting table={table} plan={plan} />
      <BulkSetAside plan={plan} />
    </Stack>
  )
}
