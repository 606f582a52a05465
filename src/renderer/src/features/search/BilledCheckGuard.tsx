import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconCoin } from '@tabler/icons-react'
import { formatAge, formatLocalDateTime } from '../../components/formatTime'
import { useLatestCheckOf } from '../../data/checks/checkQueries'
import { isStoredCheck } from '../../data/checks/checkRepository'
import { statusLabel } from '../../components/checkLabels'
import { matchedRecordsWords, recordGroupsOf } from '../checks/matchedRecords'

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
  const latest = useLatestCheckOf('production', queryKey)
  // A check that provably did nothing cost nothing either.
  const earlier = latest?.outcome === 'failed' ? null : latest
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
            title={
              isStoredCheck(earlier)
                ? 'You already checked this wallet'
                : 'A check of this wallet may already have been billed'
            }
            data-testid="earlier-check"
          >
            {isStoredCheck(earlier) ? (
              <>
                Checked {formatLocalDateTime(earlier.fetchedAt)} ({formatAge(earlier.fetchedAt)}
                ): {statusLabel(earlier.status)}, {matchedRecordsWords(recordGroupsOf(earlier))}.
                You can read that result without paying again.
              </>
            ) : (
              <>
                Asked for {formatLocalDateTime(earlier.fetchedAt)} ({formatAge(earlier.fetchedAt)}
                ): it may have run and been billed, but its answer was not kept. Look at your
                account before paying again.
              </>
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {earlier && (
            <Button variant="light" onClick={() => onShowEarlier(earlier.localId)}>
              {isStoredCheck(earlier) ? 'Show earlier result' : 'Show that attempt'}
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
