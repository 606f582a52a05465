import { Alert, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { describeRows } from './backupLabels'
import { forgetRestored, restoredBeforeReload } from './restoredOutcome'

/**
 * What a restore brought back, at the top of Settings: the page reloads onto the restored data
 * (see RestoreBackup), and opens there. Shown once; a later reload shows Settings as usual.
 */
export function RestoredNotice() {
  const [restored, setRestored] = useState(restoredBeforeReload)
  useEffect(forgetRestored, [])
  if (!restored) return null
  return (
    <Alert
      color="green"
      variant="light"
      title="Backup restored"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setRestored(null)}
      data-testid="restore-done"
    >
      <Text size="sm">
        {describeRows(restored.rows)} are on this computer now, with the backup’s environment
        addresses, active environment, investigator, trusted signers and choice of change
        notifications.
      </Text>
      {restored.settingsError && (
        <Text size="sm" c="red">
          The settings were not restored: {restored.settingsError} Set the addresses in the
          environment cards below.
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
