import { Alert, Button, Checkbox, FileButton, Stack, Text } from '@mantine/core'
import { IconDatabaseImport } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { Timestamp } from '../../components/Timestamp'
import { BackupRefusedError, BackupUntrustedError } from '../../data/backup/backupReader'
import type { RestorableBackup } from '../../data/backup/restorableBackup'
import { releaseWorkerBackup, verifyInWorker } from '../../data/backup/restoreInWorker'
import {
  stageRecordedRestore,
  type RecordedRestore,
  type RestoreOutcome,
} from '../../data/backup/restoreRecord'
import {
  chosenSettings,
  settingsChanges,
  type SettingsChange,
} from '../../data/backup/settingsChanges'
import { whileSwitching } from '../../data/currentDatabase'
import { backupWriter } from '../../data/backup/backupWriter'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { describeRows } from './backupLabels'
import { RestoreConfirm } from './RestoreConfirm'
import { keysToEnter, restoredOutcome } from './restoredOutcome'

interface Verified {
  fileName: string
  backup: RestorableBackup
  here: Record<string, number>
  changes: SettingsChange[]
}

type RestoreState =
  | { kind: 'idle' }
  | { kind: 'verifying'; fileName: string }
  | ({ kind: 'verified' } & Verified)
  | ({ kind: 'confirming' } & Verified)
  | { kind: 'restoring' }
  | { kind: 'untrusted'; file: File; message: string }
  | { kind: 'refused'; fileName: string; message: string }

/**
 * Restores a backup file: checks all of it first, in a worker (nothing is touched by a damaged,
 * oversized or unsigned file), shows what it holds, asks before replacing data and lists change by
 * change what of its settings to put in place, then restores the rows into a new database and the
 * chosen settings through the main side, as one recorded operation (see restoreRecord), and
 * reloads the page onto the restored data (Settings then says what came back: RestoredNotice;
 * settings that did not follow are said at every start: UnfinishedRestoreNotice).
 * A backup not signed by this computer's key or a trusted colleague's is refused unless the user
 * chooses to restore it as untrusted data. The rows are written into the new database from the
 * moment the file is found intact, while the user reads and confirms; it is used only once
 * confirmed, and deleted otherwise.
 */
export function RestoreBackup() {
  const [state, setState] = useState<RestoreState>({ kind: 'idle' })
  const [progress, setProgress] = useState({ done: 0, total: 0 })
  const [knowsSource, setKnowsSource] = useState(false)
  const staged = useRef<RecordedRestore | null>(null)
  const discardStaged = () => {
    void staged.current?.discard().finally(releaseWorkerBackup)
    staged.current = null
  }
  // Leaving Settings gives up a restore not confirmed.
  useEffect(() => discardStaged, [])

  const choose = async (file: File | null, allowUntrusted = false) => {
    if (!file) return
    discardStaged()
    setKnowsSource(false)
    setState({ kind: 'verifying', fileName: file.name })
    try {
      const [identity, settings] = await Promise.all([
        callBridge('identity.get', {}),
        callBridge('settings.get', {}),
      ])
      const known = { own: identity.signingKey, trusted: identity.trustedSigners }
      const backup = await verifyInWorker(file, known, allowUntrusted)
      const here = await backupWriter.countRows()
      const changes = settingsChanges(
        backup.settings,
        { settings, identity },
        backup.trust.kind !== 'untrusted',
      )
      staged.current = stageRecordedRestore(backup, file.name, callBridge, {
        whileSwitching,
        onProgress: (done, total) => setProgress({ done, total }),
      })
      setState({ kind: 'verified', fileName: file.name, backup, here, changes })
    } catch (error) {
      if (error instanceof BackupUntrustedError) {
        return setState({ kind: 'untrusted', file, message: error.message })
      }
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

  const restore = async (verified: Verified, ticked: ReadonlySet<string>) => {
    const restoring = staged.current
    if (!restoring) return
    staged.current = null
    const { backup, fileName } = verified
    setState({ kind: 'restoring' })
    let outcome: RestoreOutcome
    try {
      outcome = await restoring.commit(chosenSettings(backup.settings, verified.changes, ticked))
    } catch (error) {
      return setState({
        kind: 'refused',
        fileName,
        message:
          error instanceof BackupRefusedError
            ? error.message
            : `The restore failed part-way (${errorMessage(error)}), so the data and settings already here were kept as they were.`,
      })
    } finally {
      releaseWorkerBackup()
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
          The whole file is checked first: a damaged, altered or unsigned file is refused before
          anything here changes.
        </Text>
        {state.kind === 'restoring' && progress.total > 0 && (
          <Text size="sm" c="dimmed" data-testid="restore-progress">
            Restoring {progress.done.toLocaleString()} of {progress.total.toLocaleString()} records…
          </Text>
        )}
      </Stack>
      {(state.kind === 'verified' || state.kind === 'confirming') && (
        <Alert
          color={state.backup.trust.kind === 'untrusted' ? 'orange' : 'blue'}
          variant="light"
          title={
            state.backup.trust.kind === 'untrusted'
              ? 'The backup is intact, but not from a key you trust'
              : 'The backup is intact and signed'
          }
          data-testid="restore-verified"
          data-trust={state.backup.trust.kind}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              “{shown(state.fileName)}”, made <Timestamp iso={state.backup.manifest.createdAt} /> by
              Compliance Desk {shown(state.backup.manifest.appVersion)}: every entry matches its
              SHA-256 and every row and audit trail holds.{' '}
              {state.backup.trust.kind === 'untrusted'
                ? shown(state.backup.trust.reason)
                : `Signed by ${state.backup.trust.kind === 'own' ? 'this computer’s key' : 'your trusted signer'} ${shown(state.backup.trust.signer.name)}.`}{' '}
              It holds {describeRows(state.backup.rows)}.
            </Text>
            <Button
              size="xs"
              onClick={() => setState({ ...state, kind: 'confirming' })}
              data-testid="restore-start"
            >
              Restore this backup…
            </Button>
          </Stack>
        </Alert>
      )}
      {state.kind === 'untrusted' && (
        <Alert
          color="orange"
          variant="light"
          title="Not restored: the backup is not from a key you trust"
          data-testid="restore-untrusted"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              “{shown(state.file.name)}”: {shown(state.message)}
            </Text>
            <Checkbox
              checked={knowsSource}
              onChange={(event) => setKnowsSource(event.currentTarget.checked)}
              label="I know where this backup comes from. Restore it as untrusted data: its cases are marked so and can never be exported under my signature."
              data-testid="restore-untrusted-ack"
            />
            <Button
              size="xs"
              color="orange"
              disabled={!knowsSource}
              onClick={() => void choose(state.file, true)}
              data-testid="restore-untrusted-go"
            >
              Restore untrusted data…
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
            “{shown(state.fileName)}”: {shown(state.message)}
          </Text>
          <Text size="sm">
            Choose another copy of the backup, or back up again on the computer it came from.
          </Text>
        </Alert>
      )}
      {state.kind === 'confirming' && (
        <RestoreConfirm
          backup={state.backup}
          here={state.here}
          changes={state.changes}
          onCancel={() => setState({ ...state, kind: 'verified' })}
          onConfirm={(ticked) => void restore(state, ticked)}
        />
      )}
    </Stack>
  )
}
