import { MiddleTruncated } from '../../components/MiddleTruncated'
import { Badge, Box, Checkbox, Group, Text } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useNavigate } from '@tanstack/react-router'
import { useRef } from 'react'
import type { BulkCheck, BulkJob, BulkRow } from '../../../../shared/bulk/bulkJob'
import type { BulkAnswer } from '../../data/bulk/bulkResults'
import { chainOf, holdersOf, problemOf, rowStatus } from './bulkCsv'

const rowHeight = 36
const statusColors: Record<string, string> = {
  done: 'green',
  reused: 'teal',
  failed: 'red',
  'outcome unknown': 'orange',
  invalid: 'red',
  'not sent': 'yellow',
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
const selectWidth = 20
const lineWidth = 44
const statusWidth = 120
const hitsWidth = 36
/** The least each growing column shrinks to. */
const least = { address: 92, carried: 50, chain: 100, holder: 76, lists: 76 }
const addressCell = cellStyle(220, { weight: 2, min: least.address })
const carriedCell = cellStyle(110, { weight: 1, min: least.carried })
const chainCell = cellStyle(100, { weight: 1, min: least.chain })
const holderCell = cellStyle(160, { weight: 1, min: least.holder })
const listsCell = cellStyle(170, { weight: 1, min: least.lists })
/** Between cells (Mantine's `xs`), and each side of a row. */
const gap = 10
const padding = 12

/**
 * The narrowest the rows may be, every column at its least: below it the table scrolls sideways
 * (header and rows together) rather than cutting off the columns at its right.
 */
const narrowest = (carried: number): number => {
  const fixed = selectWidth + lineWidth + statusWidth + hitsWidth
  const growing = least.address + least.chain + least.holder + least.lists + carried * least.carried
  const cells = 8 + carried
  return fixed + growing + gap * (cells - 1) + 2 * padding
}

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
        overflowX: 'auto',
      }}
    >
      <Box
        style={{
          display: 'flex',
          flexDirection: 'column',
          flex: 1,
          minHeight: 0,
          minWidth: narrowest(carried.length),
        }}
      >
        <Group
          px={padding}
          py={6}
          gap={gap}
          wrap="nowrap"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Box style={cellStyle(selectWidth)} />
          {header('Line', cellStyle(lineWidth))}
          {header('Address', addressCell)}
          {carried.map((column) => (
            <Box key={column} style={carriedCell}>
              <Text size="xs" fw={600} c="dimmed" truncate>
                {job.columns[column]}
              </Text>
            </Box>
          ))}
          {header('Status', cellStyle(statusWidth))}
          {header('Chain', chainCell)}
          {header('Hits', cellStyle(hitsWidth))}
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
                  px={padding}
                  gap={gap}
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
                  <Box style={cellStyle(selectWidth)} onClick={(event) => event.stopPropagation()}>
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
                  <Text size="sm" style={cellStyle(lineWidth)}>
                    {row.line}
                  </Text>
                  <Box style={addressCell}>
                    {/* A line whose cells could not be told apart shows itself, as written. */}
                    <MiddleTruncated value={row.cells[job.addressColumn] ?? row.lineText ?? ''} />
                  </Box>
                  {carried.map((column) => (
                    <Text key={column} size="sm" truncate style={carriedCell}>
                      {row.cells[column]}
                    </Text>
                  ))}
                  <Box style={cellStyle(statusWidth)}>
                    <Badge
                      color={statusColors[status] ?? 'gray'}
                      variant="light"
                      title={problemOf(row, check)}
                    >
                      {status}
                    </Badge>
                  </Box>
                  <Text size="sm" truncate style={chainCell} title={chainOf(row, check)}>
                    {chainOf(row, check)}
                  </Text>
                  <Text size="sm" style={cellStyle(hitsWidth)} ta="right">
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
    </Box>
  )
}
