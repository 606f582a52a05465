import { Alert, Button, Card, Code, Divider, Stack, Text } from '@mantine/core'
import { IconDatabaseExport } from '@tabler/icons-react'
import { useState } from 'react'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { formatBytes } from '../../components/fileDelivery'
import { useAutoDismiss } from '../../components/useAutoDismiss'
import { useFileDelivery } from '../../components/useFileDelivery'
import { backupWriter, type FinishedBackup } from '../../data/backup/backupWriter'
import { describeRows } from './backupLabels'
import { RestoreBackup } from './RestoreBackup'

/** News that goes: it closes by itself, or when dismissed; a failure stays (see BackupCard). */
function BackupDone({ result }: { result: FinishedBackup }) {
  const [open, setOpen] = useState(true)
  const holding = useAutoDismiss(open ? result.sha256 : null, () => setOpen(false))
  if (!open) return null
  const rows = Object.fromEntries(result.tables.map(({ name, rows }) => [name, rows]))
  return (
    <Alert
      color="green"
      variant="light"
      title="Backup written"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setOpen(false)}
      {...holding}
      data-testid="backup-done"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {result.delivery.kind === 'saved'
          ? `Saved to ${result.delivery.path}`
          : `Downloaded as “${result.fileName}”`}{' '}
        ({formatBytes(result.bytes)}): {describeRows(rows)}.
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        SHA-256 of the file: <Code>{result.sha256}</Code>
      </Text>
    </Alert>
  )
}

/** One file with all local data, and the way back from it (on this or another computer). */
export function BackupCard() {
  const { state, run } = useFileDelivery(
    (onProgress) => backupWriter.writeBackup(callBridge, onProgress),
    errorMessage,
  )
  return (
    <Card withBorder radius="sm" padding="md" data-testid="backup-card">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Backup</Text>
          <Text size="sm" c="dimmed">
            One file with every check and its evidence, the cases with their notes, decisions and
            audit trails, cached entities, the outbox, the environments’ addresses, who you are,
            whom you trust and whether changes are notified. API keys and your signing key are never
            in it. Restoring it here or on another computer replaces all data there.
          </Text>
        </div>
        <Stack gap="xs" align="flex-start">
          <Button
            leftSection={<IconDatabaseExport size={16} />}
            loading={state.kind === 'running'}
            onClick={() => void run()}
            data-testid="backup-start"
          >
            Back up all data…
          </Button>
          {state.kind === 'running' && state.total > 0 && (
            <Text size="sm" c="dimmed" data-testid="backup-progress">
              Writing {state.done.toLocaleString()} of {state.total.toLocaleString()} records…
            </Text>
          )}
        </Stack>
        {state.kind === 'failed' && (
          <Alert
            color="red"
            variant="light"
            title="The backup was not written"
            data-testid="backup-error"
          >
            {state.message} Nothing partial was left behind; try again once this is fixed.
          </Alert>
        )}
        {state.kind === 'done' && <BackupDone result={state.result} />}
        <Divider />
        <RestoreBackup />
      </Stack>
    </Card>
  )
}
