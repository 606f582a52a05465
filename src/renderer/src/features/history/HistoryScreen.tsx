import { Center, Paper, Stack, Text } from '@mantine/core'
import { HistoryFiltersBar } from './HistoryFiltersBar'
import { HistoryList } from './HistoryList'
import { HistoryRescreen } from './HistoryRescreen'
import { useCheckSelection } from '../../data/checks/checkQueries'
import { filtersProblem, selectedCount } from '../../data/checks/checkSelection'
import { countOf, noun } from '../../../../shared/text/counting'
import { useFiltersInAddress, type HistorySearch } from './historyAddress'
import { ScreenTitle } from '../../components/ScreenTitle'

export function HistoryScreen({ search }: { search: HistorySearch }) {
  const filters = useFiltersInAddress(search)
  const found = useCheckSelection(filters)
  // Null while every check is being counted: the first rows are shown meanwhile.
  const shown = found ? selectedCount(found.selection) : undefined
  return (
    <Stack gap="sm" h="100%" data-testid="history-screen">
      <div>
        <ScreenTitle>History</ScreenTitle>
        <Text size="sm" c="dimmed" data-testid="history-count">
          Every check run on this computer, newest first, readable offline
          {shown === undefined || shown === null ? '' : ` · ${countOf(shown, noun('check'))} shown`}
        </Text>
      </div>
      <HistoryFiltersBar />
      <HistoryRescreen />
      <Paper
        withBorder
        radius="sm"
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        {found && shown === 0 ? (
          <Center
            style={{ flex: 1 }}
            p="xl"
            data-testid="history-empty"
            data-results-for={found.signature}
          >
            <Text c="dimmed" size="sm">
              {filtersProblem(filters) ??
                'No checks match these filters. Clear them, or search for another part of the identifier.'}
            </Text>
          </Center>
        ) : (
          found && <HistoryList selection={found.selection} resultsFor={found.signature} />
        )}
      </Paper>
    </Stack>
  )
}
