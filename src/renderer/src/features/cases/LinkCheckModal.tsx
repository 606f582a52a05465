import { Badge, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { ModalActions } from '../../components/ModalActions'
import { Timestamp } from '../../components/Timestamp'
import { statusColor, statusLabel } from '../../components/checkLabels'
import { useChecksMatching } from '../../data/checks/checkQueries'
import { caseErrorMessage } from './caseErrorMessage'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { LinkPickerRow } from './LinkPickerRow'
import { countOf, noun } from '../../../../shared/text/counting'
import { wholeIdentifierStyle } from '../../components/wholeIdentifier'

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
  const caseActions = useCaseActions()
  const matches = useChecksMatching(text, shownMatches)
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
              void caseActions
                .linkCheck(caseRecord.id, {
                  localId: check.localId,
                  query: check.query,
                  fetchedAt: check.fetchedAt,
                })
                .catch((error: unknown) => setFailure(caseErrorMessage(error)))
            }
          >
            <Text size="sm" ff="monospace" style={wholeIdentifierStyle}>
              {check.query}
            </Text>
            <Group gap={6}>
              <Timestamp iso={check.fetchedAt} size="xs" />
              <Badge size="xs" color={statusColor(check.status)} variant="light">
                {statusLabel(check.status)}
              </Badge>
              <Text size="xs" c="dimmed">
                {countOf(check.totalEntity, noun('hit'))}
              </Text>
            </Group>
          </LinkPickerRow>
        ))}
        <ModalActions failure={failure} onCancel={onClose} cancelLabel="Done" />
      </Stack>
    </Modal>
  )
}
