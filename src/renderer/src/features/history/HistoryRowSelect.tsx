import { Box, Checkbox } from '@mantine/core'
import { formatLocalDateTime } from '../../components/formatTime'
import { isStoredCheck, type CheckRecord } from '../../data/checks/checkRepository'
import { historyActions, useHistoryStore } from './store'

/** As wide as the checkbox, so identifiers line up whether a row has one or not. */
export const rowSelectWidth = 18

/**
 * Chooses a row for a re-screen. Only an answered check has one: a difference needs an answer to
 * compare with. A native checkbox, so Tab reaches it and Space toggles it; a click on it does not
 * open the row.
 */
export function HistoryRowSelect({ stored }: { stored: CheckRecord }) {
  const selected = useHistoryStore((state) => state.selected.has(stored.localId))
  if (!isStoredCheck(stored)) return <Box w={rowSelectWidth} style={{ flexShrink: 0 }} />
  return (
    <Box w={rowSelectWidth} style={{ flexShrink: 0 }} onClick={(event) => event.stopPropagation()}>
      <Checkbox
        size="xs"
        aria-label={`Select the check of ${stored.query} of ${formatLocalDateTime(stored.fetchedAt)}`}
        checked={selected}
        onChange={() => historyActions.toggleSelected(stored.localId)}
        data-testid="history-row-select"
      />
    </Box>
  )
}
