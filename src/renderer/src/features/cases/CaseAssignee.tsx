import { Group, Select, Text } from '@mantine/core'
import { IconUserCheck } from '@tabler/icons-react'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { fourEyesCalls } from '../../data/cases/fourEyesCalls'
import { useFourEyesCall, useSharedCase, useTeamRoster } from '../../data/cases/sharedCaseQueries'
import { memberLabel } from './fourEyesWords'

/** The picker's value for "nobody": member names never are empty. */
const nobody = ''

/**
 * Who works on a shared case, and a picker to give it to another current member or to nobody
 * (each an entry on the trail). Two assignments made without knowing of each other both stand:
 * said, until someone reassigns.
 */
export function CaseAssignee({ caseId }: { caseId: string }) {
  const shared = useSharedCase(caseId)
  const roster = useTeamRoster()
  const call = useFourEyesCall()
  const assignment = shared?.assignment
  if (!shared || !assignment || !shared.memberRoles) return null
  const { assignee, contested, sides } = assignment
  const choices = [
    ...shared.memberRoles
      .filter(({ member }) => member !== assignee || contested)
      .map(({ member }) => ({ value: member, label: memberLabel(roster, member) })),
    ...(assignee !== null || contested ? [{ value: nobody, label: 'Nobody' }] : []),
  ]
  return (
    <Group gap="xs" style={{ rowGap: 2 }} data-testid="case-assignment">
      <IconUserCheck size={16} aria-hidden />
      <Text size="sm" data-testid="case-assignee">
        {assignee === null ? 'Unassigned' : `Assigned to ${memberLabel(roster, assignee)}`}
      </Text>
      <Select
        size="xs"
        w={190}
        aria-label="Assign the case to"
        placeholder={assignee === null ? 'Assign to…' : 'Reassign to…'}
        data={choices}
        value={null}
        disabled={call.pending}
        onChange={(value) => {
          if (value === null) return
          void call.run(() => fourEyesCalls.assignCase(caseId, value === nobody ? null : value))
        }}
        comboboxProps={{ withinPortal: true }}
        data-testid="case-assign"
      />
      {contested && (
        <Text size="sm" c="orange" data-testid="case-assignment-contested">
          Assigned at once by two members who did not know of each other:{' '}
          {sides
            .map(
              (side) =>
                `${shown(side.author.name)} gave it to ${side.assignee === null ? 'nobody' : memberLabel(roster, side.assignee)}`,
            )
            .join('; ')}
          . Reassign it to settle who works on it.
        </Text>
      )}
      {call.failure && (
        <Text size="sm" c="red" data-testid="case-assign-error">
          {call.failure}
        </Text>
      )}
    </Group>
  )
}
