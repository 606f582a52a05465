import { Badge, Button, Group, Menu, Text } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { IconBriefcase } from '@tabler/icons-react'
import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { caseErrorMessage } from './caseErrorMessage'
import { useCasesWith, useEditableCases } from '../../data/cases/caseQueries'
import { entityKeyOf } from '../../../../shared/cases/caseSchemas'
import type { CheckRef, EntityRef } from '../../data/cases/caseRepository'
import { useCaseActions } from '../../data/cases/useCaseActions'

export type CaseLinkTarget =
  { kind: 'check'; check: CheckRef } | { kind: 'entity'; entity: EntityRef }

/** The cases a check or an entity belongs to, and a menu to add it to another open case. */
export function AddToCase({ target }: { target: CaseLinkTarget }) {
  const [failure, setFailure] = useState<string | null>(null)
  const caseActions = useCaseActions()
  const memberships = useCasesWith(
    target.kind === 'check'
      ? { checkId: target.check.localId }
      : { entityKey: entityKeyOf(target.entity.environment, target.entity.id) },
  )
  const candidates = useEditableCases()
  const memberIds = new Set(memberships?.map((caseRecord) => caseRecord.id))
  const add = (caseId: string) => {
    const linking =
      target.kind === 'check'
        ? caseActions.linkCheck(caseId, target.check)
        : caseActions.linkEntity(caseId, target.entity)
    linking
      .then(() => setFailure(null))
      .catch((error: unknown) => setFailure(caseErrorMessage(error)))
  }
  const navigate = useNavigate()
  const open = (caseId: string) => void navigate({ to: '/cases/$caseId', params: { caseId } })
  return (
    <Group gap={6} data-testid="add-to-case">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconBriefcase size={14} />}
            data-testid="add-to-case-button"
          >
            Add to case
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {candidates?.length === 0 && <Menu.Label>No open case: create one in Cases</Menu.Label>}
          {candidates?.map((caseRecord) => (
            <Menu.Item
              key={caseRecord.id}
              disabled={memberIds.has(caseRecord.id)}
              onClick={() => add(caseRecord.id)}
              data-testid="add-to-case-option"
            >
              {shown(caseRecord.title)}
              {memberIds.has(caseRecord.id) ? ' (linked)' : ''}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Text size="xs" c="dimmed">
        {memberships?.length === 0 ? 'Not in any case yet.' : 'In:'}
      </Text>
      {memberships?.map((caseRecord) => (
        <Badge
          key={caseRecord.id}
          variant="light"
          color="indigo"
          radius="sm"
          tt="none"
          style={{ cursor: 'pointer' }}
          onClick={() => open(caseRecord.id)}
          data-testid="case-membership"
        >
          {shown(caseRecord.title)}
        </Badge>
      ))}
      {failure && (
        <Text size="xs" c="red">
          {failure}
        </Text>
      )}
    </Group>
  )
}
