import { Button, Group, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useVirtualRows, VirtualRow, VirtualRowsBody } from '../../components/VirtualRows'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { ScreenTitle } from '../../components/ScreenTitle'
import { selectCaseRows } from '../../data/cases/caseListSelection'
import { useCaseListRows } from '../../data/cases/caseQueries'
import { useTeam } from '../../data/team/teamQueries'
import { useListFiltersInAddress } from './caseAddress'
import { CaseListFilters } from './CaseListFilters'
import { CaseListItem, caseListItemHeight, type CaseListTeam } from './CaseListItem'

const cases = noun('case')

/**
 * Every case on this computer, searched, filtered and ordered in memory (the rows are read once
 * and kept live), with only the items in view in the DOM, however many cases there are. On a desk
 * in a team, shared cases also filter by the team's queues, judged by what the desk last applied.
 */
export function CaseList({
  openCaseId,
  onNewCase,
}: {
  openCaseId: string | null
  onNewCase: () => void
}) {
  const rows = useCaseListRows()
  const { tab } = useSearch({ strict: false })
  const filters = useListFiltersInAddress(
    useSearch({ from: '/cases' }),
    openCaseId === null ? null : { caseId: openCaseId, tab },
  )
  const teamView = useTeam().data
  const team = useMemo((): CaseListTeam | null => {
    if (!teamView?.joined) return null
    const names = new Map(teamView.roster.map((member) => [member.member, member.name]))
    return { me: teamView.member, nameOf: (member) => names.get(member) ?? member }
  }, [teamView])
  const me = team?.me ?? null
  const shown = useMemo(() => (rows ? selectCaseRows(rows, filters, me) : []), [rows, filters, me])
  const { scroller, items, totalSize } = useVirtualRows(shown.length, caseListItemHeight, 6)
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
        <CaseListFilters filters={filters} inTeam={team !== null}>
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
        </CaseListFilters>
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
        <VirtualRowsBody height={totalSize}>
          {items.map((item) => {
            const row = shown[item.index]
            return (
              row && (
                <VirtualRow key={row.caseRecord.id} start={item.start}>
                  <CaseListItem row={row} isOpen={row.caseRecord.id === openCaseId} team={team} />
                </VirtualRow>
              )
            )
          })}
        </VirtualRowsBody>
      </div>
    </Stack>
  )
}
