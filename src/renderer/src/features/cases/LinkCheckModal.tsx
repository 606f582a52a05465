import { Badge, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { appDatabase } from '../../db/appDatabase'
import { ModalActions } from '../../ui/ModalActions'
import { Timestamp } from '../../ui/Timestamp'
import { statusColor, statusLabel } from '../checks/checkLabels'
import { readSelectionWindow, selectChecks } from '../history/historyQuery'
import { getInitialHistoryState } from '../history/store'
import { caseErrorMessage } from './caseErrorMessage'
import { linkCheck } from './caseRepository'
import { LinkPickerRow } from './LinkPickerRow'

const shownMatches = 20

/** Finds past checks as History does (newest first, by identifier or record words) and links one. */
export function LinkCheckModal({
  caseRecord,
  onClose,
}: {
  caseRecord: CaseRecord
  onClose: () => void
}) {
  const [text, setText] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const matches = useLiveQuery(async () => {
    const selection = await selectChecks(appDatabase, { ...getInitialHistoryState().filters, text })
    return (await readSelectionWindow(appDatabase, selection, 0, shownMatches)).filter(
      (check) => check !== undefined,
    )
  }, [text])
  return (
    <Modal opened onClose={onClose} title="Link a check to the case" size="lg">
      <Stack gap="sm">
        <TextInput
          placeholder="Filter past checks: identifier, record title, dataset…"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="link-check-filter"
          data-autofocus
        />
        {matches?.length === 0 && (
          <Text size="sm" c="dimmed">
            No past check matches. Run the check in Crypto search first.
          </Text>
        )}
        {matches?.map((check) => (
          <LinkPickerRow
            key={check.localId}
            testId="link-check"
            linked={caseRecord.checkIds.includes(check.localId)}
            onLink={() =>
              void linkCheck(appDatabase, caseRecord.id, {
                localId: check.localId,
                query: check.query,
                fetchedAt: check.fetchedAt,
              }).catch((error: unknown) => setFailure(caseErrorMessage(error)))
            }
          >
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {check.query}
            </Text>
            <Group gap={6}>
              <Timestamp iso={check.fetchedAt} size="xs" />
              <Badge size="xs" color={statusColor(check.status)} variant="light">
                {statusLabel(check.status)}
              </Badge>
              <Text size="xs" c="dimmed">
                {check.totalEntity} hit(s)
              </Text>
            </Group>
          </LinkPickerRow>
        ))}
        <ModalActions failure={failure} onCancel={onClose} cancelLabel="Done" />
      </Stack>
    </Modal>
  )
}
