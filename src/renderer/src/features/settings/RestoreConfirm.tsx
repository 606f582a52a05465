import { Alert, Checkbox, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { ModalActions } from '../../components/ModalActions'
import type { RestorableBackup } from '../../data/backup/restorableBackup'
import type { SettingsChange } from '../../data/backup/settingsChanges'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { describeRows, hasRows } from './backupLabels'

const kindTitles = {
  trust: 'Trust',
  identity: 'Who you are',
  address: 'Addresses',
} as const

/**
 * The restore's last question: what it replaces, and, change by change, what of the backup's
 * settings to put in place (trust and addresses unticked unless the user ticks them).
 */
export function RestoreConfirm({
  backup,
  here,
  changes,
  onCancel,
  onConfirm,
}: {
  backup: RestorableBackup
  here: Record<string, number>
  changes: readonly SettingsChange[]
  onCancel: () => void
  onConfirm: (ticked: ReadonlySet<string>) => void
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(
    () => new Set(changes.filter((change) => change.tickedByDefault).map((change) => change.id)),
  )
  const toggle = (id: string, on: boolean) =>
    setTicked((before) => {
      const after = new Set(before)
      if (on) after.add(id)
      else after.delete(id)
      return after
    })
  const untrusted = backup.trust.kind === 'untrusted'
  return (
    <Modal
      opened
      onClose={onCancel}
      size="lg"
      title={hasRows(here) ? 'Replace all data on this computer?' : 'Restore this backup?'}
    >
      <Stack gap="sm" data-testid="restore-confirm">
        <Text size="sm">
          {hasRows(here)
            ? `Restoring replaces the ${describeRows(here)} on this computer with the backup’s ${describeRows(backup.rows)}. What is here now cannot be brought back unless it was backed up.`
            : `Restoring brings back the backup’s ${describeRows(backup.rows)}.`}
        </Text>
        {untrusted && (
          <Alert color="orange" variant="light" data-testid="restore-untrusted-note">
            <Text size="sm">
              This backup is restored as untrusted data: its cases are marked “Restored from an
              untrusted backup” and can never be exported under your signature.
            </Text>
          </Alert>
        )}
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Its settings change nothing here.
          </Text>
        ) : (
          <Stack gap="xs" data-testid="restore-changes">
            <Text size="sm" fw={600}>
              The backup’s settings differ from this computer’s. Tick only the changes you expect:
            </Text>
            {changes.map((change) => (
              <Checkbox
                key={change.id}
                checked={ticked.has(change.id)}
                onChange={(event) => toggle(change.id, event.currentTarget.checked)}
                data-testid="restore-change"
                data-change={change.id}
                styles={{ label: { overflowWrap: 'anywhere' } }}
                label={
                  <Text size="sm" span>
                    <Text span size="xs" c="dimmed" tt="uppercase" fw={600}>
                      {kindTitles[change.kind]}
                    </Text>{' '}
                    {shown(change.label)}
                  </Text>
                }
                description={shown(change.detail)}
              />
            ))}
          </Stack>
        )}
        <ModalActions
          onCancel={onCancel}
          confirm={{
            label: hasRows(here) ? 'Replace with the backup' : 'Restore',
            color: hasRows(here) ? 'red' : undefined,
            onClick: () => onConfirm(ticked),
            testId: 'restore-confirm-replace',
          }}
        />
      </Stack>
    </Modal>
  )
}
