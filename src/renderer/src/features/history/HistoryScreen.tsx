import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconHistory } from '@tabler/icons-react'
import { useLiveQuery } from 'dexie-react-hooks'
import { appDatabase } from '../../db/appDatabase'
import { formatLocalDateTime } from '../../ui/formatTime'
import { CheckResultView } from '../checks/CheckResultView'
import { HistoryFiltersBar } from './HistoryFiltersBar'
import { HistoryList } from './HistoryList'
import { selectChecks, selectionSize } from './historyQuery'
import { historyActions, useHistoryStore } from './store'

function PastCheck({ localId }: { localId: string }) {
  const stored = useLiveQuery(() => appDatabase.checks.get(localId), [localId])
  return (
    <Stack gap="sm" maw={1100} data-testid="history-check">
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
          onClick={historyActions.backToList}
        >
          Back to History
        </Button>
      </Group>
      {stored && (
        <>
          <Alert
            color="blue"
            variant="light"
            icon={<IconHistory size={18} />}
            data-testid="history-fetched-note"
          >
            A saved check from History, as fetched {formatLocalDateTime(stored.fetchedAt)}. It is
            not re-run: run a new check to see today’s answer.
          </Alert>
          <CheckResultView stored={stored} />
        </>
      )}
    </Stack>
  )
}

export function HistoryScreen() {
  const filters = useHistoryStore((state) => state.filters)
  const openLocalId = useHistoryStore((state) => state.openLocalId)
  const signature = JSON.stringify(filters)
  const found = useLiveQuery(
    async () => ({ signature, selection: await selectChecks(appDatabase, filters) }),
    [signature],
  )
  const shown = found ? selectionSize(found.selection) : undefined
  if (openLocalId) return <PastCheck localId={openLocalId} />
  return (
    <Stack gap="sm" h="100%" data-testid="history-screen">
      <div>
        <Title order={2} size="h3">
          History
        </Title>
        <Text size="sm" c="dimmed">
          Every check run on this computer, newest first, readable offline
          {shown === undefined ? '' : ` · ${shown.toLocaleString()} shown`}
        </Text>
      </div>
      <HistoryFiltersBar />
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
              No checks match these filters.
            </Text>
          </Center>
        ) : (
          found && <HistoryList selection={found.selection} resultsFor={found.signature} />
        )}
      </Paper>
    </Stack>
  )
}
