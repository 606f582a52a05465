import { MiddleTruncated } from '../../components/MiddleTruncated'
import { Badge, Box, Checkbox, Group, Text } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useNavigate } from '@tanstack/react-router'
import { useRef } from 'react'
import type { BulkCheck, BulkJob, BulkRow } from '../../../../shared/bulk/bulkJob'
import type { BulkAnswer } from '../../data/bulk/bulkResults'
import { chainOf, holdersOf, rowStatus } from './bulkCsv'

const rowHeight = 36
const statusColors: Record<string, string> = {
  done: 'green',
  reused: 'teal',
  failed: 'red',
  'outcome unknown': 'orange',
  invalid: 'red',
  pending: 'gray',
  running: 'blue',
}

/** A fixed width, or (with `grow`) a share of what is left that shrinks no further than `min`. */
const cellStyle = (width?: number, grow?: { weight: number; min: number }) =>
  grow
    ? { flex: `${grow.weight} 1 ${width ?? 0}px`, minWidth: grow.min }
    : width
      ? { width, flexShrink: 0 }
      : { flex: 1, minWidth: 0 }
const addressCell = cellStyle(220, { weight: 2, min: 140 })
const carriedCell = cellStyle(110, { weight: 1, min: 70 })
const chainCell = cellStyle(100, { weight: 0, min: 100 })
const listsCell = cellStyle(170, { weight: 1, min: 90 })
const holderCell = cellStyle(160, { weight: 1, min: 90 })

/** Every input row with its result; only the rows in view are in the DOM. */
export function BulkResultsTable({
  job,
  rows,
  checks,
  answers,
  selected,
  onToggle,
}: {
  job: BulkJob
  rows: readonly BulkRow[]
  checks: readonly BulkCheck[]
  /** What each answered check with hits matched (holders, lists, chains), by its key in History. */
  answers: ReadonlyMap<string, BulkAnswer> | undefined
  /** Addresses (by check index) chosen to link to a case; a row selects its address. */
  selected: ReadonlySet<number>
  onToggle: (check: number) => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  // The React Compiler cannot memoise around this hook; the app is not compiled with it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  })
  const carried = job.carryColumns
  // A heading wraps rather than being cut where its column is narrow (at 1024 px).
  const header = (label: string, style: ReturnType<typeof cellStyle>) => (
    <Text size="xs" fw={600} c="dimmed" lh={1.25} style={style}>
      {label}
    </Text>
  )
  return (
    <Box
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 240,
        flex: 1,
      }}
    >
      <Group
        px="sm"
        py={6}
        gap="sm"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Box style={cellStyle(20)} />
        {header('Line', cellStyle(56))}
        {header('Address', addressCell)}
        {carried.map((column) => (
          <Box key={column} style={carriedCell}>
            <Text size="xs" fw={600} c="dimmed" truncate>
              {job.columns[column]}
            </Text>
          </Box>
        ))}
        {header('Status', cellStyle(120))}
        {header('Chain', chainCell)}
        {header('Hits', cellStyle(48))}
        {header('Holder', holderCell)}
        {header('Lists', listsCell)}
      </Group>
      <div
        ref={scroller}
        style={{ overflowY: 'auto', flex: 1 }}
        data-testid="bulk-results"
        role="list"
        aria-label="Results"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!
            const check = row.check === -1 ? undefined : checks[row.check]
            const status = rowStatus(row, check)
            const opens = check?.checkLocalId
            const answer = opens ? answers?.get(opens) : undefined
            const lists = (answer?.lists ?? []).join(', ')
            return (
              <Group
                key={item.key}
                role="listitem"
                px="sm"
                gap="sm"
                wrap="nowrap"
                h={rowHeight}
                data-testid="bulk-result-row"
                data-status={status}
                data-line={row.line}
                tabIndex={opens ? 0 : undefined}
                aria-label={opens ? `Line ${row.line}: open its check` : undefined}
                onClick={() =>
                  opens && void navigate({ to: '/history/$checkId', params: { checkId: opens } })
                }
                onKeyDown={(event) => {
                  if (opens && event.key === 'Enter')
                    void navigate({ to: '/history/$checkId', params: { checkId: opens } })
                }}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                  cursor: opens ? 'pointer' : undefined,
                }}
              >
                <Box style={cellStyle(20)} onClick={(event) => event.stopPropagation()}>
                  {row.check !== -1 && (
                    <Checkbox
                      size="xs"
                      aria-label={`Select line ${row.line}`}
                      checked={selected.has(row.check)}
                      onChange={() => onToggle(row.check)}
                      onKeyDown={(event) => event.stopPropagation()}
                      data-testid="bulk-result-select"
                    />
                  )}
                </Box>
                <Text size="sm" style={cellStyle(56)}>
                  {row.line}
                </Text>
                <Box style={addressCell}>
                  <MiddleTruncated value={row.cells[job.addressColumn] ?? ''} />
                </Box>
                {carried.map((column) => (
                  <Text key={column} size="sm" truncate style={carriedCell}>
                    {row.cells[column]}
                  </Text>
                ))}
                <Box style={cellStyle(120)}>
                  <Badge
                    color={statusColors[status] ?? 'gray'}
                    variant="light"
                    title={row.invalidReason ?? check?.error}
                  >
                    {status}
                  </Badge>
                </Box>
                <Text size="sm" truncate style={chainCell}>
                  {chainOf(row, check)}
                </Text>
                <Text size="sm" style={cellStyle(48)} ta="right">
                  {check?.hits ?? ''}
                </Text>
                <Text size="sm" truncate style={holderCell} title={holdersOf(check, answer)}>
                  {holdersOf(check, answer)}
                </Text>
                <Text
                  size="sm"
                  truncate
                  style={listsCell}
                  title={[lists, ...(check?.categories ?? [])].filter(Boolean).join(' · ')}
                  data-testid="bulk-result-lists"
                >
                  {lists}
                </Text>
              </Group>
            )
          })}
        </div>
      </div>
    </Box>
  )
}
