import { Box, Group, Text } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import { useCheckWindow } from '../../data/checks/checkQueries'
import { selectionSize, type CheckSelection } from '../../data/checks/checkSelection'
import { HistoryRow, historyRowHeight } from './HistoryRow'

function HistoryHeader() {
  const cell = (label: string, width: number | undefined, align: 'left' | 'right' = 'left') => (
    <Text
      size="xs"
      fw={600}
      c="dimmed"
      w={width}
      ta={align}
      style={width ? { flexShrink: 0 } : { flex: 1 }}
    >
      {label}
    </Text>
  )
  return (
    <Group
      px="sm"
      py={6}
      gap="sm"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      {cell('Fetched', 170)}
      {cell('Environment', 120)}
      {cell('Identifier', undefined)}
      {cell('Status', 130)}
      {cell('Matches', 80, 'right')}
      {cell('Categories with hits', 220)}
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
  const scroller = useRef<HTMLDivElement>(null)
  // The React Compiler cannot memoise around this hook; the app is not compiled with it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: selectionSize(selection),
    getScrollElement: () => scroller.current,
    estimateSize: () => historyRowHeight,
    overscan: 8,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const count = items.length
  const rows = useCheckWindow(selection, first, count)
  return (
    <Box style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <HistoryHeader />
      <div
        ref={scroller}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        data-testid="history-list"
        data-results-for={resultsFor}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const stored = rows?.[item.index - first]
            return (
              <div
                key={item.index}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <HistoryRow stored={stored} />
              </div>
            )
          })}
        </div>
      </div>
    </Box>
  )
}
