import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconCoin } from '@tabler/icons-react'
import { formatAge, formatLocalDateTime } from '../../components/formatTime'
import { useLatestCheckOf } from '../../data/checks/checkQueries'
import { statusLabel } from '../../components/checkLabels'

interface BilledCheckGuardProps {
  queryKey: string | null
  onConfirm: () => void
  onShowEarlier: (localId: string) => void
  onClose: () => void
}

/** Production checks cost money: say so, and show an earlier check of the same wallet before paying again. */
export function BilledCheckGuard({
  queryKey,
  onConfirm,
  onShowEarlier,
  onClose,
}: BilledCheckGuardProps) {
  const earlier = useLatestCheckOf('production', queryKey)
  return (
    <Modal
      opened={queryKey !== null}
      onClose={onClose}
      title="Run a billed check?"
      centered
      size="lg"
      data-testid="billed-guard"
    >
      <Stack gap="sm">
        <Text size="sm">
          This check runs in <b>Production</b> and is billed to your account. It will not be sent
          again automatically if something goes wrong.
        </Text>
        {earlier && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconCoin size={18} />}
            title="You already checked this wallet"
            data-testid="earlier-check"
          >
            Checked {formatLocalDateTime(earlier.fetchedAt)} ({formatAge(earlier.fetchedAt)}):{' '}
            {statusLabel(earlier.status)},{' '}
            {earlier.totalEntity === 1 ? '1 match' : `${earlier.totalEntity} matches`}. You can read
            that result without paying again.
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {earlier && (
            <Button variant="light" onClick={() => onShowEarlier(earlier.localId)}>
              Show earlier result
            </Button>
          )}
          <Button color="red" onClick={onConfirm} disabled={earlier === undefined}>
            {earlier ? 'Pay for a new check' : 'Run billed check'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
