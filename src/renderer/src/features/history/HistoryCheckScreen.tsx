import { Alert, Group, Stack, Text } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { formatLocalDateTime } from '../../components/formatTime'
import { useCheck } from '../../data/checks/checkQueries'
import { CheckRecordView } from '../checks/CheckRecordView'
import { BackLink } from '../../components/BackLink'
import { ScreenTitle } from '../../components/ScreenTitle'

/** One past check from History, at its own address, as it was fetched. */
export function HistoryCheckScreen({ localId }: { localId: string }) {
  const stored = useCheck(localId)
  return (
    <Stack gap="sm" maw={1100} data-testid="history-check">
      <Group>
        <BackLink to="/history">Back to History</BackLink>
        <ScreenTitle size="h4">Past check</ScreenTitle>
      </Group>
      {stored === null && (
        <Text size="sm" c="dimmed" data-testid="history-check-missing">
          This check is not on this computer: it may have been run elsewhere, or in another
          browser-mode address. Search History for the wallet instead.
        </Text>
      )}
      {stored && stored.outcome === 'succeeded' && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconHistory size={18} />}
          data-testid="history-fetched-note"
        >
          A saved check from History, as fetched {formatLocalDateTime(stored.fetchedAt)}. It is not
          re-run: run a new check to see today’s answer.
        </Alert>
      )}
      {stored && <CheckRecordView record={stored} />}
    </Stack>
  )
}
