import { Box, Group, Text } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import { useVirtualRows, VirtualRow, VirtualRowsBody } from '../../components/VirtualRows'
import { useHistoryWindow } from '../../data/checks/checkQueries'
import { selectionSize, type CheckSelection } from '../../data/checks/checkSelection'
import { HistoryRow } from './HistoryRow'
import { rowSelectWidth } from './HistoryRowSelect'
import {
  foldedTableWidth,
  historyColumns,
  historyRowHeights,
  historyTableWidth,
  stickyIdentifier,
} from './historyColumns'

const cell = (label: string, width: number, align: 'left' | 'right' = 'left') => (
  <Text size="xs" fw={600} c="dimmed" w={width} ta={align} style={{ flexShrink: 0 }}>
    {label}
  </Text>
)

/** The columns' names, on two lines where the rows are folded (see HistoryRow). */
function HistoryHeader({ folded }: { folded: boolean }) {
  const details = [
    cell('Environment', historyColumns.environment),
    cell('Categories with hits', historyColumns.categories),
    cell('Cases', historyColumns.cases),
  ]
  return (
    <Box
      py={6}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        background: 'var(--mantine-color-body)',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Group pr="sm" gap="sm" wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed" style={stickyIdentifier}>
          <Box component="span" w={rowSelectWidth} style={{ flexShrink: 0 }} />
          Identifier
        </Text>
        {cell('Fetched', historyColumns.fetched)}
        {!folded && details[0]}
        {cell('Status', historyColumns.status)}
        {cell('Matches', historyColumns.matches, 'right')}
        {!folded && details.slice(1)}
      </Group>
      {folded && (
        <Group
          pr="sm"
          gap="sm"
          wrap="nowrap"
          pl={`calc(var(--mantine-spacing-sm) + ${rowSelectWidth + 4}px)`}
        >
          {details}
        </Group>
      )}
    </Box>
  )
}

const historyOverscan = 3

/** Only the rows in view are in the DOM, and only their records are read, whatever the number of checks. */
export function HistoryList({
  selection,
  resultsFor,
}: {
  selection: CheckSelection
  resultsFor: string
}) {
  // Folded where the list is narrower than every column side by side; 0 until measured.
  const { ref: measured, width } = useElementSize()
  const folded = width > 0 && width < historyTableWidth
  const { scroller, items, first, totalSize } = useVirtualRows(
    selectionSize(selection),
    folded ? historyRowHeights.folded : historyRowHeights.single,
    // Rows drawn beyond the view: a search that changes every row draws them all, and drawing
    // was what a keystroke cost at 200,000 checks.
    historyOverscan,
  )
  const rows = useHistoryWindow(selection, first, items.length, resultsFor)
  return (
    <Box ref={measured} style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      {/* One scroller both ways: the header scrolls sideways with the rows and stays on top. */}
      <div
        ref={scroller}
        style={{ flex: 1, minHeight: 0, overflow: 'auto' }}
        data-testid="history-list"
        data-results-for={resultsFor}
      >
        <div style={{ minWidth: folded ? foldedTableWidth : historyTableWidth }}>
          <HistoryHeader folded={folded} />
          <VirtualRowsBody height={totalSize}>
            {items.map((item) => {
              const row = rows?.[item.index - first]
              // Keyed by check, so a check that moves up or down the list is not drawn again.
              return (
                <VirtualRow key={row ? row.check.localId : `row-${item.index}`} start={item.start}>
                  <HistoryRow stored={row?.check} cases={row?.cases} folded={folded} />
                </VirtualRow>
              )
            })}
          </VirtualRowsBody>
        </div>
      </div>
    </Box>
  )
}
