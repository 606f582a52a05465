import { Button, Stack, Table, Text } from '@mantine/core'
import { useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { environmentLabels, type EnvironmentId } from '../../../../shared/environments'
import { Timestamp } from '../../components/Timestamp'
import { entityName } from '../../components/entityDisplay'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { caseErrorMessage } from './caseErrorMessage'
import { useCaseEntities } from '../../data/cases/caseQueries'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { LinkEntityModal } from './LinkEntityModal'
import { PanelToolbar } from './PanelToolbar'
import { AnchorLink } from '../../components/RouterLinks'
import { ShortIdentifier } from '../../components/ShortIdentifier'
import { UndoNotice, type Undoable } from '../../components/UndoNotice'

export function CaseEntitiesPanel({
  caseRecord,
  editable,
  environment,
}: {
  caseRecord: CaseRecord
  editable: boolean
  environment: EnvironmentId
}) {
  const [linking, setLinking] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [undoable, setUndoable] = useState<Undoable | null>(null)
  const caseActions = useCaseActions()
  const entities = useCaseEntities(caseRecord)
  return (
    <Stack gap="sm">
      <PanelToolbar
        editable={editable}
        label="Link an entity"
        hint="Or use “Add to case” on an entity’s page."
        testId="case-link-entity"
        onLink={() => setLinking(true)}
        failure={failure}
        onDismiss={() => setFailure(null)}
      />
      {entities?.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="case-entities-empty">
          No entity is linked yet: link one fetched on the Entities screen with “Link an entity”.
        </Text>
      )}
      {entities && entities.length > 0 && (
        <Table withTableBorder verticalSpacing={6} data-testid="case-entities">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Id</Table.Th>
              {editable && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entities.map((linked) => {
              // The trail records the name as it is; only what is shown is escaped.
              const recorded = linked.entity ? entityName(linked.entity) : linked.id
              const name = shown(recorded)
              return (
                <Table.Tr key={`${linked.environment}|${linked.id}`} data-testid="case-entity">
                  <Table.Td>
                    {caseRecord.origin ? (
                      name
                    ) : (
                      <AnchorLink
                        to="/entities/$entityId"
                        params={{ entityId: linked.id }}
                        search={{ environment: linked.environment }}
                        size="sm"
                        data-testid="case-entity-open"
                      >
                        {name}
                      </AnchorLink>
                    )}
                    <Text size="xs" c="dimmed">
                      {environmentLabels[linked.environment]} ·{' '}
                      {linked.fetchedAt ? (
                        <>
                          fetched <Timestamp iso={linked.fetchedAt} size="xs" />
                        </>
                      ) : (
                        'not cached'
                      )}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ShortIdentifier
                      value={linked.id}
                      size="xs"
                      head={8}
                      tail={6}
                      copyLabel="Copy entity id"
                    />
                  </Table.Td>
                  {editable && (
                    <Table.Td w={1}>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="gray"
                        data-testid="case-entity-unlink"
                        onClick={() => {
                          const ref = {
                            environment: linked.environment,
                            id: linked.id,
                            name: recorded,
                          }
                          void caseActions
                            .unlinkEntity(caseRecord.id, ref)
                            .then(() =>
                              setUndoable({
                                message: `Entity ${name} unlinked.`,
                                undo: () => caseActions.linkEntity(caseRecord.id, ref),
                              }),
                            )
                            .catch((error: unknown) => setFailure(caseErrorMessage(error)))
                        }}
                      >
                        Unlink
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      )}
      {undoable && <UndoNotice undoable={undoable} onDone={() => setUndoable(null)} />}
      {linking && (
        <LinkEntityModal
          caseRecord={caseRecord}
          environment={environment}
          onClose={() => setLinking(false)}
        />
      )}
    </Stack>
  )
}
