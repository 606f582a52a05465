import { Button, Group, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef } from 'react'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { ScreenTitle } from '../../components/ScreenTitle'
import { selectCaseRows } from '../../data/cases/caseListSelection'
import { useCaseListRows } from '../../data/cases/caseQueries'
import { CaseListFilters } from './CaseListFilters'
import { CaseListItem, caseListItemHeight } from './CaseListItem'
import { useCasesStore } from './store'

const cases = noun('case')

/**
 * Every case on this computer, searched, filtered and ordered in memory (the rows are read once
 * and kept live), with only the items in view in the DOM, however many cases there are.
 */
export function CaseList({
  openCaseId,
  onNewCase,
}: {
  openCaseId: string | null
  onNewCase: () => void
}) {
  const rows = useCaseListRows()
  const filters = useCasesStore((state) => state.listFilters)
  const shown = useMemo(() => (rows ? selectCaseRows(rows, filters) : []), [rows, filters])
  const scroller = useRef<HTMLDivElement>(null)
  // The React Compiler cannot memoise around this hook; the app is not compiled with it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => caseListItemHeight,
    overscan: 6,
  })
  return (
    <Stack gap="xs" w={330} miw={330} h="100%" data-testid="case-list">
      <Group justify="space-between" wrap="nowrap">
        <ScreenTitle size="h4">Cases</ScreenTitle>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onNewCase}>
          New case
        </Button>
      </Group>
      {rows?.length === 0 ? (
        <Text size="sm" c="dimmed">
          No case yet. Create one, then link checks and entities to it.
        </Text>
      ) : (
        <>
          <CaseListFilters />
          <Text
            size="xs"
            c="dimmed"
            data-testid="case-list-count"
            data-results-for={JSON.stringify(filters)}
          >
            {rows === undefined
              ? 'Reading cases…'
              : shown.length === rows.length
                ? countOf(rows.length, cases)
                : `${formatNumber(shown.length)} of ${countOf(rows.length, cases)}`}
          </Text>
        </>
      )}
      {rows && rows.length > 0 && shown.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="case-list-empty">
          No case matches this search and these filters.
        </Text>
      )}
      <div
        ref={scroller}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        data-testid="case-list-items"
        data-results-for={JSON.stringify(filters)}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = shown[item.index]
            return (
              row && (
                <div
                  key={row.caseRecord.id}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <CaseListItem row={row} isOpen={row.caseRecord.id === openCaseId} />
                </div>
              )
            )
          })}
        </div>
      </div>
    </Stack>
  )
}
