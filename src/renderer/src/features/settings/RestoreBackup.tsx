import { Alert, Button, FileButton, Modal, Stack, Text } from '@mantine/core'
import { IconDatabaseImport } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { ModalActions } from '../../components/ModalActions'
import { Timestamp } from '../../components/Timestamp'
import {
  BackupRefusedError,
  backupReader,
  type VerifiedBackup,
} from '../../data/backup/backupReader'
import {
  stageRecordedRestore,
  type RecordedRestore,
  type RestoreOutcome,
} from '../../data/backup/restoreRecord'
import { whileSwitching } from '../../data/currentDatabase'
import { backupWriter } from '../../data/backup/backupWriter'
import { describeRows, hasRows } from './backupLabels'
import { keysToEnter, restoredOutcome } from './restoredOutcome'

type RestoreState =
  | { kind: 'idle' }
  | { kind: 'verifying'; fileName: string }
  | { kind: 'verified'; fileName: string; backup: VerifiedBackup; here: Record<string, number> }
  | { kind: 'confirming'; fileName: string; backup: VerifiedBackup; here: Record<string, number> }
  | { kind: 'restoring' }
  | { kind: 'refused'; fileName: string; message: string }

/**
 * Restores a backup file: checks all of it first (nothing is touched by a damaged file), shows
 * what it holds, asks before replacing data already here, then restores the rows into a new
 * database and the settings through the main side, as one recorded operation (see restoreRecord),
 * and reloads the page onto the restored data (Settings then says what came back: RestoredNotice;
 * settings that did not follow are said at every start: UnfinishedRestoreNotice).
 * The rows are written into the new database from the moment the file is found intact, while the
 * user reads and confirms; it is used only once confirmed, and deleted otherwise.
 */
export function RestoreBackup() {
  const [state, setState] = useState<RestoreState>({ kind: 'idle' })
  const [progress, setProgress] = useState({ done: 0, total: 0 })
  const staged = useRef<RecordedRestore | null>(null)
  const discardStaged = () => {
    void staged.current?.discard()
    staged.current = null
  }
  // Leaving Settings gives up a restore not confirmed.
  useEffect(() => discardStaged, [])

  const choose = async (file: File | null) => {
    if (!file) return
    discardStaged()
    setState({ kind: 'verifying', fileName: file.name })
    try {
      const backup = await backupReader.verifyBackup(new Uint8Array(await file.arrayBuffer()))
      const here = await backupWriter.countRows()
      staged.current = stageRecordedRestore(backup, file.name, callBridge, {
        whileSwitching,
        onProgress: (done, total) => setProgress({ done, total }),
      })
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
    const restoring = staged.current
    if (!restoring) return
    staged.current = null
    setState({ kind: 'restoring' })
    let outcome: RestoreOutcome
    try {
      outcome = await restoring.commit()
    } catch (error) {
      return setState({
        kind: 'refused',
        fileName,
        message:
          error instanceof BackupRefusedError
            ? error.message
            : `The restore failed part-way (${errorMessage(error)}), so the data and settings already here were kept as they were.`,
      })
    }
    restoredOutcome.keep({
      rows: backup.rows,
      keysToEnter: keysToEnter(
        backup.settings,
        'settings' in outcome ? outcome.settings : undefined,
      ),
      settingsError: 'settingsError' in outcome ? outcome.settingsError : null,
    })
    // Every screen, query and runner starts again on the restored data, at the top of Settings,
    // where RestoredNotice says what came back (a reload keeps the page where it was scrolled).
    window.scrollTo(0, 0)
    window.location.reload()
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
        {state.kind === 'restoring' && progress.total > 0 && (
          <Text size="sm" c="dimmed" data-testid="restore-progress">
            Restoring {progress.done.toLocaleString()} of {progress.total.toLocaleString()} records…
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
