import { Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import type { EnvironmentId } from '../../../../shared/environments'
import { ModalActions } from '../../components/ModalActions'
import { entityName } from '../../components/entityDisplay'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { useEntityCandidates } from '../../data/entities/entityQueries'
import { caseErrorMessage } from './caseErrorMessage'
import { entityKeyOf } from '../../../../shared/cases/caseSchemas'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { LinkPickerRow } from './LinkPickerRow'

const shownMatches = 20

/** Finds entities in this computer's cache of the active environment and links one. */
export function LinkEntityModal({
  caseRecord,
  environment,
  onClose,
}: {
  caseRecord: CaseRecord
  environment: EnvironmentId
  onClose: () => void
}) {
  const [text, setText] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const caseActions = useCaseActions()
  const matches = useEntityCandidates(environment, text, shownMatches)
  return (
    <Modal opened onClose={onClose} title="Link an entity to the case" size="lg">
      <Stack gap="sm">
        <TextInput
          placeholder="Name, e-mail or id of an entity fetched on this computer"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="link-entity-filter"
          data-autofocus
        />
        {text !== '' && matches?.length === 0 && (
          <Text size="sm" c="dimmed">
            No cached entity matches. Open the Entities screen to fetch them first.
          </Text>
        )}
        {matches?.map((cached) => {
          // The trail records the name as the service gave it; only what is shown is escaped.
          const name = entityName(cached.entity)
          return (
            <LinkPickerRow
              key={cached.id}
              testId="link-entity"
              linked={caseRecord.entityKeys.includes(entityKeyOf(cached.environment, cached.id))}
              onLink={() =>
                void caseActions
                  .linkEntity(caseRecord.id, {
                    environment: cached.environment,
                    id: cached.id,
                    name,
                  })
                  .catch((error: unknown) => setFailure(caseErrorMessage(error)))
              }
            >
              <Text size="sm">{shown(name)}</Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {cached.id}
              </Text>
            </LinkPickerRow>
          )
        })}
        <ModalActions failure={failure} onCancel={onClose} cancelLabel="Done" />
      </Stack>
    </Modal>
  )
}
