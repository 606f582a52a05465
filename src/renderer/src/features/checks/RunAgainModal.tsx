import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { validateAddress } from '../../../../shared/address'
import { environmentLabels } from '../../../../shared/environments'
import { formatLocalDateTime } from '../../components/formatTime'
import { storedCheckKey, type CheckAttempt } from '../../data/checks/checkRepository'
import { runCheck } from '../../data/checks/executeCheck'

interface RunAgainModalProps {
  attempt: CheckAttempt
  opened: boolean
  onClose: () => void
  /** Called at once with the new check's key: History shows it as it runs. */
  onStarted: (localId: string) => void
}

/** A deliberate choice to send a check again, saying plainly what it may cost. */
export function RunAgainModal({ attempt, opened, onClose, onStarted }: RunAgainModalProps) {
  const unknown = attempt.outcome === 'unknown'
  // Kept before today's rules on what may be sent: such a value is refused, so it is not offered.
  const sendable = validateAddress(attempt.query)
  const run = () => {
    const requestId = crypto.randomUUID()
    const localId = storedCheckKey(new Date().toISOString(), requestId)
    // The new check is recorded however it ends; its failure shows on its own page.
    void runCheck({
      requestId,
      localId,
      query: attempt.query,
      environment: attempt.environment,
      ...(attempt.advancedSearch ? { advancedSearch: attempt.advancedSearch } : {}),
    }).catch(() => {})
    onStarted(localId)
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={unknown ? 'Run this check again anyway?' : 'Run this check again?'}
      centered
      data-testid="run-again"
    >
      <Stack gap="sm">
        {unknown && (
          <Text size="sm">
            The check asked for {formatLocalDateTime(attempt.fetchedAt)} may already have run
            {attempt.billed ? ' and been billed' : ''}. Its answer was not kept.
          </Text>
        )}
        {sendable.valid ? (
          <Text size="sm">
            A new check of this wallet runs in <b>{environmentLabels[attempt.environment]}</b>
            {attempt.billed ? ' and is billed to your account' : ''}.
          </Text>
        ) : (
          <Text size="sm" c="red" data-testid="run-again-refused">
            This value cannot be sent again: {sendable.reason} Search for the wallet from Crypto
            search instead.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={attempt.billed ? 'red' : undefined}
            onClick={run}
            disabled={!sendable.valid}
          >
            {attempt.billed ? 'Run a new billed check' : 'Run a new check'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
