import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { useEffect } from 'react'
import type { PendingRestore } from '../../../../shared/backup/pendingRestore'
import { useResolveRestore, useUnfinishedRestore } from '../../data/backup/unfinishedRestoreQueries'
import { errorMessage } from '../../bridge/bridgeClient'
import { ButtonLink } from '../../components/RouterLinks'
import { Timestamp } from '../../components/Timestamp'
import { useAutoDismiss } from '../../components/useAutoDismiss'
import { finishedOutcome, keysToEnter, onlyGoodNews, useShownOnce } from './restoredOutcome'

/**
 * Above the screen, in the frame's column of the window's height: kept whole however long the
 * screen below it (an alert hides its overflow, so the column would squeeze it).
 */
const aboveTheScreen = { mb: 'md', style: { flexShrink: 0 } } as const

/**
 * What a notice says of a restore, after the file and when it was backed up, and what discarding
 * it does.
 */
const pendingCopy = {
  data: {
    title: 'The last restore is not finished',
    said: 'brought back the data but not the settings: the environments’ addresses, active environment, investigator, trusted signers and choice of change notifications here are not (all) the backup’s yet.',
    discard: 'Keep this computer’s settings',
    discarding:
      'Keeping this computer’s settings leaves the restored data with the settings this computer has now; the backup’s settings are not put in place.',
  },
  nothing: {
    title: 'The last restore did not happen',
    said: 'stopped before it changed anything: the data and settings here are as they were. To bring the backup back, restore it again from Settings.',
    discard: 'Dismiss',
    discarding: 'Dismissing changes nothing here; this notice is not shown again.',
  },
} as const

/**
 * Said once, after the reload that follows finishing a restore from its notice; it closes by
 * itself unless it asks for keys to be entered again.
 */
function RestoreFinishedNotice() {
  const [finished, dismiss] = useShownOnce(finishedOutcome)
  const holding = useAutoDismiss(finished && onlyGoodNews(finished) ? 'finished' : null, dismiss)
  if (!finished) return null
  return (
    <Alert
      color="green"
      variant="light"
      title="The restore is finished"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      {...aboveTheScreen}
      {...holding}
      data-testid="restore-finished"
    >
      <Text size="sm">The backup’s data and settings are both on this computer now.</Text>
      {finished.keysToEnter.length > 0 && (
        <Text size="sm" fw={500}>
          API keys are never in a backup: enter the key again for{' '}
          {finished.keysToEnter.join(' and ')} in Settings.
        </Text>
      )}
    </Alert>
  )
}

/**
 * A restore a stop left part-way, said at the top of every screen at every start until the user
 * finishes or discards it (see restoreRecord): which part did not come back, and the one action
 * that finishes it.
 */
export function UnfinishedRestoreNotice() {
  const unfinished = useUnfinishedRestore()
  const resolve = useResolveRestore()
  const cameBack = unfinished.isSuccess ? (unfinished.data?.cameBack ?? 'none') : null
  useEffect(() => {
    // Tests wait for this instead of sleeping: the notice's absence means something once asked.
    if (cameBack) document.documentElement.dataset.unfinishedRestore = cameBack
  }, [cameBack])

  const finish = (restore: PendingRestore) =>
    resolve.finish(restore, {
      onSuccess: (settings) => {
        finishedOutcome.keep({ keysToEnter: keysToEnter(restore.settings, settings) })
        // Every screen, query and runner starts again on the backup's settings, as after a restore.
        window.location.reload()
      },
    })

  if (unfinished.isError) {
    return (
      <Alert color="red" variant="light" {...aboveTheScreen} data-testid="restore-unfinished-error">
        Compliance Desk could not tell whether the last restore finished:{' '}
        {errorMessage(unfinished.error)} Start it again to be told.
      </Alert>
    )
  }
  const pending = unfinished.data
  if (!pending) return <RestoreFinishedNotice />
  const { restore } = pending
  const copy = pendingCopy[pending.cameBack]
  return (
    <Alert
      color="orange"
      variant="light"
      title={copy.title}
      {...aboveTheScreen}
      data-testid="restore-unfinished"
      data-came-back={pending.cameBack}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          The restore of “{shown(restore.fileName)}” (backed up{' '}
          <Timestamp iso={restore.backupMadeAt} />) {copy.said}
        </Text>
        {resolve.error && (
          <Text size="sm" c="red" data-testid="restore-unfinished-refusal">
            {resolve.error}
          </Text>
        )}
        <Group gap="xs">
          {pending.cameBack === 'data' ? (
            <Button
              size="xs"
              loading={resolve.pending}
              onClick={() => finish(restore)}
              data-testid="restore-finish"
            >
              Finish the restore
            </Button>
          ) : (
            <ButtonLink to="/settings" size="xs">
              Restore it again in Settings
            </ButtonLink>
          )}
          <Button
            size="xs"
            variant="default"
            disabled={resolve.pending}
            onClick={() => resolve.discard(restore)}
            data-testid="restore-discard"
          >
            {copy.discard}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {copy.discarding}
        </Text>
      </Stack>
    </Alert>
  )
}
