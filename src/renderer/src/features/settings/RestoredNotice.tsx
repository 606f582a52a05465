import { Alert, Text } from '@mantine/core'
import { describeRows } from './backupLabels'
import { useAutoDismiss } from '../../components/useAutoDismiss'
import { onlyGoodNews, restoredOutcome, useShownOnce } from './restoredOutcome'

/**
 * What a restore brought back, at the top of Settings: the page reloads onto the restored data
 * (see RestoreBackup), and opens there. Shown once; a later reload shows Settings as usual. It
 * closes by itself unless it asks for keys or says the settings failed.
 */
export function RestoredNotice() {
  const [restored, dismiss] = useShownOnce(restoredOutcome)
  const holding = useAutoDismiss(restored && onlyGoodNews(restored) ? 'restored' : null, dismiss)
  if (!restored) return null
  return (
    <Alert
      color="green"
      variant="light"
      title="Backup restored"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      {...holding}
      data-testid="restore-done"
    >
      {restored.settingsError ? (
        <Text size="sm">
          {describeRows(restored.rows)} are on this computer now, but not the backup’s settings:{' '}
          {restored.settingsError} The notice at the top says so until the restore is finished.
        </Text>
      ) : (
        <Text size="sm">
          {describeRows(restored.rows)} are on this computer now, with the backup’s environment
          addresses, active environment, investigator, trusted signers and choice of change
          notifications.
        </Text>
      )}
      {restored.keysToEnter.length > 0 && (
        <Text size="sm" fw={500} data-testid="restore-keys-needed">
          API keys are never in a backup: enter the key again for{' '}
          {restored.keysToEnter.join(' and ')} in the environment cards below.
        </Text>
      )}
    </Alert>
  )
}
