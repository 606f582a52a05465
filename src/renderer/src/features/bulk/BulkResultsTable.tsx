import { MiddleTruncated } from '../../components/MiddleTruncated'
import { Badge, Box, Checkbox, Group, Text } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useNavigate } from '@tanstack/react-router'
import { useRef, type CSSProperties, type ReactNode } from 'react'
import type { BulkCheck, BulkJob, BulkRow } from '../../../../shared/bulk/bulkJob'
import type { BulkAnswer } from '../../data/bulk/bulkResults'
import { chainOf, holdersOf, problemOf, rowStatus } from './bulkCsv'

/** Two lines: the address over the input's own columns, the holder over the lists. */
const rowHeight = 54
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
const least = { address: 150, chain: 110, match: 150 }
const addressCell = cellStyle(240, { weight: 3, min: least.address })
const chainCell = cellStyle(110, { weight: 1, min: least.chain })
const matchCell = cellStyle(240, { weight: 3, min: least.match })
/** Between cells (Mantine's `xs`), and each side of a row. */
const gap = 10
const padding = 12

/**
 * The narrowest the rows may be, every column at its least (under the 790 px a 1024 px window
 * leaves them): below it the table scrolls sideways, header and rows together, rather than
 * cutting off the columns at its right.
 */
const narrowest =
  selectWidth +
  lineWidth +
  statusWidth +
  hitsWidth +
  least.address +
  least.chain +
  least.match +
  gap * 6 +
  2 * padding

/** A cell of two lines, the second smaller and dimmed, cut short with its whole in `title`. */
function TwoLines({
  first,
  second,
  style,
  testId,
}: {
  first: ReactNode
  second: { text: string; title?: string }
  style: CSSProperties
  testId?: string
}) {
  return (
    <Box style={style}>
      {first}
      <Text size="xs" c="dimmed" truncate title={second.title ?? second.text} data-testid={testId}>
        {second.text}
      </Text>
    </Box>
  )
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
  const carriedNames = carried.map((column) => job.columns[column] ?? '').join(' · ')
  // A heading wraps rather than being cut where its column is narrow (at 1024 px).
  const header = (label: string, style: CSSProperties, under?: string) => (
    <Box style={style}>
      <Text size="xs" fw={600} c="dimmed" lh={1.25}>
        {label}
      </Text>
      {under && (
        <Text size="xs" c="dimmed" lh={1.25}>
          {under}
        </Text>
      )}
    </Box>
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
          minWidth: narrowest,
        }}
      >
        <Group
          px={padding}
          py={6}
          gap={gap}
          wrap="nowrap"
          align="flex-start"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Box style={cellStyle(selectWidth)} />
          {header('Line', cellStyle(lineWidth))}
          {header('Address', addressCell, carriedNames)}
          {header('Status', cellStyle(statusWidth))}
          {header('Chain', chainCell)}
          {header('Hits', cellStyle(hitsWidth))}
          {header('Holder', matchCell, 'Lists')}
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
                  <TwoLines
                    style={addressCell}
                    first={
                      // A line whose cells could not be told apart shows itself, as written.
                      <MiddleTruncated value={row.cells[job.addressColumn] ?? row.lineText ?? ''} />
                    }
                    second={{
                      text: carried
                        .map((column) => row.cells[column] ?? '')
                        .filter(Boolean)
                        .join(' · '),
                      title: carried
                        .map((column) => `${job.columns[column]}: ${row.cells[column] ?? ''}`)
                        .join('\n'),
                    }}
                  />
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
                  <TwoLines
                    style={matchCell}
                    first={
                      <Text size="sm" truncate title={holdersOf(check, answer)}>
                        {holdersOf(check, answer)}
                      </Text>
                    }
                    second={{
                      text: lists,
                      title: [lists, ...(check?.categories ?? [])].filter(Boolean).join(' · '),
                    }}
                    testId="bulk-result-lists"
                  />
                </Group>
              )
            })}
          </div>
        </div>
      </Box>
    </Box>
  )
}
