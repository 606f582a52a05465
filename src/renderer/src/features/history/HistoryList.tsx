import { Box, Group, Text } from '@mantine/core'
import { useMemo } from 'react'
import { useVirtualRows, VirtualRow, VirtualRowsBody } from '../../components/VirtualRows'
import { useCasesOfChecks } from '../../data/cases/caseQueries'
import { useCheckWindow } from '../../data/checks/checkQueries'
import { isStoredCheck, type StoredCheck } from '../../data/checks/checkRepository'
import { selectionSize, type CheckSelection } from '../../data/checks/checkSelection'
import { HistoryRow, historyRowHeight } from './HistoryRow'
import { rowSelectWidth } from './HistoryRowSelect'
import { historyColumns, historyTableWidth, stickyIdentifier } from './historyColumns'

function HistoryHeader() {
  const cell = (label: string, width: number, align: 'left' | 'right' = 'left') => (
    <Text size="xs" fw={600} c="dimmed" w={width} ta={align} style={{ flexShrink: 0 }}>
      {label}
    </Text>
  )
  return (
    <Group
      pr="sm"
      py={6}
      gap="sm"
      wrap="nowrap"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        background: 'var(--mantine-color-body)',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Text size="xs" fw={600} c="dimmed" style={stickyIdentifier}>
        <Box component="span" w={rowSelectWidth} style={{ flexShrink: 0 }} />
        Identifier
      </Text>
      {cell('Fetched', historyColumns.fetched)}
      {cell('Environment', historyColumns.environment)}
      {cell('Status', historyColumns.status)}
      {cell('Matches', historyColumns.matches, 'right')}
      {cell('Categories with hits', historyColumns.categories)}
      {cell('Cases', historyColumns.cases)}
    </Group>
  )
}

/** Only the rows in view are in the DOM, and only their records are read, whatever the number of checks. */
export function HistoryList({
  selection,
  resultsFor,
}: {
  selection: CheckSelection
  resultsFor: string
}) {
  const { scroller, items, first, totalSize } = useVirtualRows(
    selectionSize(selection),
    historyRowHeight,
  )
  const rows = useCheckWindow(selection, first, items.length)
  const answered = useMemo(
    () => (rows ?? []).filter((row): row is StoredCheck => row !== undefined && isStoredCheck(row)),
    [rows],
  )
  const cases = useCasesOfChecks(answered)
  return (
    <Box style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      {/* One scroller both ways: the header scrolls sideways with the rows and stays on top. */}
      <div
        ref={scroller}
        style={{ flex: 1, minHeight: 0, overflow: 'auto' }}
        data-testid="history-list"
        data-results-for={resultsFor}
      >
        <div style={{ minWidth: historyTableWidth }}>
          <HistoryHeader />
          <VirtualRowsBody height={totalSize}>
            {items.map((item) => {
              const stored = rows?.[item.index - first]
              return (
                <VirtualRow key={item.index} start={item.start}>
                  <HistoryRow stored={stored} cases={stored && cases?.get(stored.localId)} />
                </VirtualRow>
              )
            })}
          </VirtualRowsBody>
        </div>
      </div>
    </Box>
  )
}
