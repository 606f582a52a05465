import { Group, Select, Text } from '@mantine/core'
import { IconUserCheck } from '@tabler/icons-react'
import { fourEyesCalls } from '../../data/cases/fourEyesCalls'
import { useFourEyesCall, useSharedCase, useTeamRoster } from '../../data/cases/sharedCaseQueries'
import { assignmentWords, memberLabel } from './fourEyesWords'

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
  const { assignee, contested } = assignment
  const words = assignmentWords(roster, assignment)
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
        {words.assignee}
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
      {words.contested && (
        <Text size="sm" c="orange" data-testid="case-assignment-contested">
          {words.contested}
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
