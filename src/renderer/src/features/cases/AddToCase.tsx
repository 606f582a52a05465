import { Badge, Button, Group, Menu, Text } from '@mantine/core'
import { IconBriefcase } from '@tabler/icons-react'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { appDatabase } from '../../db/appDatabase'
import { shellActions } from '../shell/store'
import { caseErrorMessage } from './caseErrorMessage'
import { casesWithCheck, casesWithEntity } from './caseQueries'
import { entityKeyOf } from '../../../../shared/cases/caseSchemas'
import { linkCheck, linkEntity, type CheckRef, type EntityRef } from './caseRepository'
import { lockReason } from './caseRules'
import { casesActions } from './store'

export type CaseLinkTarget =
  { kind: 'check'; check: CheckRef } | { kind: 'entity'; entity: EntityRef }

const membershipsOf = (target: CaseLinkTarget): Promise<CaseRecord[]> =>
  target.kind === 'check'
    ? casesWithCheck(appDatabase, target.check.localId)
    : casesWithEntity(appDatabase, entityKeyOf(target.entity.environment, target.entity.id))

/** The cases a check or an entity belongs to, and a menu to add it to another open case. */
export function AddToCase({ target }: { target: CaseLinkTarget }) {
  const [failure, setFailure] = useState<string | null>(null)
  const targetKey =
    target.kind === 'check'
      ? target.check.localId
      : entityKeyOf(target.entity.environment, target.entity.id)
  const memberships = useLiveQuery(() => membershipsOf(target), [targetKey])
  const candidates = useLiveQuery(
    async () =>
      (await appDatabase.cases.orderBy('updatedAt').reverse().toArray()).filter(
        (caseRecord) => lockReason(caseRecord) === null,
      ),
    [],
  )
  const memberIds = new Set(memberships?.map((caseRecord) => caseRecord.id))
  const add = (caseId: string) => {
    const linking =
      target.kind === 'check'
        ? linkCheck(appDatabase, caseId, target.check)
        : linkEntity(appDatabase, caseId, target.entity)
    linking
      .then(() => setFailure(null))
      .catch((error: unknown) => setFailure(caseErrorMessage(error)))
  }
  const open = (caseId: string) => {
    casesActions.openCase(caseId)
    shellActions.show('cases')
  }
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
              {caseRecord.title}
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
          {caseRecord.title}
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
