import { Alert, Button, FileButton, Modal, Stack, Text } from '@mantine/core'
import { IconDatabaseImport } from '@tabler/icons-react'
import { useState } from 'react'
import { environmentLabels } from '../../../../shared/environments'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { ModalActions } from '../../components/ModalActions'
import { Timestamp } from '../../components/Timestamp'
import {
  BackupRefusedError,
  backupReader,
  type VerifiedBackup,
} from '../../data/backup/backupReader'
import { backupRestore } from '../../data/backup/backupRestore'
import { backupWriter } from '../../data/backup/backupWriter'
import { readMainSideAgain } from '../../data/settings/settingsQueries'
import { describeRows, hasRows } from './backupLabels'
import { useSettingsChange } from './useSettingsChange'

type RestoreState =
  | { kind: 'idle' }
  | { kind: 'verifying'; fileName: string }
  | { kind: 'verified'; fileName: string; backup: VerifiedBackup; here: Record<string, number> }
  | { kind: 'confirming'; fileName: string; backup: VerifiedBackup; here: Record<string, number> }
  | { kind: 'restoring'; done: number; total: number }
  | { kind: 'restored'; rows: Record<string, number>; keysToEnter: string[] }
  | { kind: 'refused'; fileName: string; message: string }

/**
 * Restores a backup file: checks all of it first (nothing is touched by a damaged file), shows
 * what it holds, asks before replacing data already here, then restores the rows in one
 * transaction and the settings through the main side.
 */
export function RestoreBackup({ onRestored }: { onRestored: () => void }) {
  const [state, setState] = useState<RestoreState>({ kind: 'idle' })
  const settingsChange = useSettingsChange()

  const choose = async (file: File | null) => {
    if (!file) return
    setState({ kind: 'verifying', fileName: file.name })
    try {
      const backup = await backupReader.verifyBackup(new Uint8Array(await file.arrayBuffer()))
      const here = await backupWriter.countRows()
      setState({ kind: 'verified', fileName: file.name, backup, here })
    } catch (error) {
      setState({
        kind: 'refused',
        fileName: file.name,
        message:
          error instanceof BackupRefusedError
            ? error.message
            : `The file could not be read (${errorMessage(error)}). Nothing was changed.`,
      })
    }
  }

  const restore = async (backup: VerifiedBackup, fileName: string) => {
    setState({ kind: 'restoring', done: 0, total: 0 })
    try {
      await backupRestore.restoreBackup(backup, (done, total) =>
        setState({ kind: 'restoring', done, total }),
      )
    } catch (error) {
      return setState({
        kind: 'refused',
        fileName,
        message:
          error instanceof BackupRefusedError
            ? error.message
            : `The restore failed part-way (${errorMessage(error)}), so the data already here was kept as it was.`,
      })
    }
    const view = await settingsChange.run(() =>
      callBridge('backup.restoreSettings', { settings: backup.settings }),
    )
    await readMainSideAgain()
    const keysToEnter = backup.settings.keysHeld
      .filter((id) => !view?.environments.find((environment) => environment.id === id)?.key.isSet)
      .map((id) => environmentLabels[id])
    setState({ kind: 'restored', rows: backup.rows, keysToEnter })
    onRestored()
  }

  return (
    <Stack gap="xs">
      <Stack gap="xs" align="flex-start">
        <FileButton onChange={(file) => void choose(file)} accept=".zip,application/zip">
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconDatabaseImport size={16} />}
              loading={state.kind === 'verifying' || state.kind === 'restoring'}
              data-testid="restore-choose"
            >
              Restore from backup…
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          The whole file is checked first: a damaged or altered file is refused before anything here
          changes.
        </Text>
        {state.kind === 'restoring' && state.total > 0 && (
          <Text size="sm" c="dimmed" data-testid="restore-progress">
            Restoring {state.done.toLocaleString()} of {state.total.toLocaleString()} records…
          </Text>
        )}
      </Stack>
      {(state.kind === 'verified' || state.kind === 'confirming') && (
        <Alert
          color="blue"
          variant="light"
          title="The backup is intact"
          data-testid="restore-verified"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              “{state.fileName}”, made <Timestamp iso={state.backup.manifest.createdAt} /> by
              Compliance Desk {state.backup.manifest.appVersion}: every entry matches its SHA-256.
              It holds {describeRows(state.backup.rows)}.
            </Text>
            <Button
              size="xs"
              onClick={() =>
                hasRows(state.here)
                  ? setState({ ...state, kind: 'confirming' })
                  : void restore(state.backup, state.fileName)
              }
              data-testid="restore-start"
            >
              Restore this backup
            </Button>
          </Stack>
        </Alert>
      )}
      {state.kind === 'refused' && (
        <Alert
          color="red"
          variant="light"
          title="Nothing was restored"
          data-testid="restore-refused"
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            “{state.fileName}”: {state.message}
          </Text>
          <Text size="sm">
            Choose another copy of the backup, or back up again on the computer it came from.
          </Text>
        </Alert>
      )}
      {state.kind === 'restored' && (
        <Alert color="green" variant="light" title="Backup restored" data-testid="restore-done">
          <Text size="sm">
            {describeRows(state.rows)} are on this computer now, with the backup’s environment
            addresses, active environment, investigator, trusted signers and choice of change
            notifications.
          </Text>
          {settingsChange.error && (
            <Text size="sm" c="red">
              The settings were not restored: {settingsChange.error} Set the addresses in the
              environment cards above.
            </Text>
          )}
          {state.keysToEnter.length > 0 && (
            <Text size="sm" fw={500} data-testid="restore-keys-needed">
              API keys are never in a backup: enter the key again for{' '}
              {state.keysToEnter.join(' and ')} in the environment cards above.
            </Text>
          )}
        </Alert>
      )}
      <Modal
        opened={state.kind === 'confirming'}
        onClose={() => state.kind === 'confirming' && setState({ ...state, kind: 'verified' })}
        title="Replace all data on this computer?"
      >
        {state.kind === 'confirming' && (
          <Stack gap="sm" data-testid="restore-confirm">
            <Text size="sm">
              Restoring replaces the {describeRows(state.here)} on this computer with the backup’s{' '}
              {describeRows(state.backup.rows)}. What is here now cannot be brought back unless it
              was backed up.
            </Text>
            <ModalActions
              onCancel={() => setState({ ...state, kind: 'verified' })}
              confirm={{
                label: 'Replace with the backup',
                color: 'red',
                onClick: () => void restore(state.backup, state.fileName),
                testId: 'restore-confirm-replace',
              }}
            />
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
