import { Badge, Button, Checkbox, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useState } from 'react'
import type { RosterMemberView } from '../../../../shared/bridge/teamContract'
import { teamRoles, type TeamRole } from '../../../../shared/team/teamRoles'
import { useRolesSetting } from '../../data/team/teamQueries'

export const teamRoleLabels: Record<TeamRole, string> = {
  investigator: 'Investigator',
  reviewer: 'Reviewer',
  'team-admin': 'Team admin',
}

const sameRoles = (a: readonly TeamRole[], b: readonly TeamRole[]): boolean =>
  teamRoles.every((role) => a.includes(role) === b.includes(role))

/** Two admins set this member's roles without knowing of each other: said in a sentence. */
function ContestedRoles({ member }: { member: RosterMemberView }) {
  return (
    <Text size="xs" c="orange.9" data-testid="team-roles-contested">
      Two team admins set {member.name}’s roles differently without knowing of each other: they hold
      only what both gave until an admin sets them again.
    </Text>
  )
}

/**
 * A member's roles in the roster. A team admin sees them as checkboxes with a Save for this
 * member alone (a signed roster entry); everyone else reads them. A team admin by the server's
 * configuration stays one whatever the roster says, so that box cannot be cleared.
 */
export function MemberRoles({ member, editable }: { member: RosterMemberView; editable: boolean }) {
  if (member.removed) return null
  return editable ? (
    // Starts again from the roster whenever the roles there change (this save or another admin's).
    <MemberRolesEditor key={member.roles.join()} member={member} />
  ) : (
    <Stack gap={4} data-testid="team-roles">
      <Group gap={4} wrap="wrap">
        {member.roles.map((role) => (
          <Badge
            key={role}
            size="sm"
            variant="outline"
            color="gray"
            radius="sm"
            tt="none"
            data-testid="team-role"
          >
            {teamRoleLabels[role]}
          </Badge>
        ))}
        {member.roles.length === 0 && (
          <Text size="xs" c="dimmed">
            No role
          </Text>
        )}
      </Group>
      {member.rolesContested && <ContestedRoles member={member} />}
    </Stack>
  )
}

function MemberRolesEditor({ member }: { member: RosterMemberView }) {
  const [roles, setRoles] = useState<TeamRole[]>(member.roles)
  const setting = useRolesSetting()
  const changed = !sameRoles(roles, member.roles)
  return (
    <Stack gap={4} data-testid="team-roles">
      <Checkbox.Group
        value={roles}
        onChange={(value) => setRoles(teamRoles.filter((role) => value.includes(role)))}
        label={<VisuallyHidden>Roles of {member.name}</VisuallyHidden>}
      >
        <Stack gap={4}>
          {teamRoles.map((role) => (
            <Checkbox
              key={role}
              size="xs"
              value={role}
              label={teamRoleLabels[role]}
              disabled={role === 'team-admin' && member.admin}
              description={
                role === 'team-admin' && member.admin ? 'By the server’s configuration' : undefined
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group gap="xs">
        <Button
          size="compact-xs"
          variant={changed ? 'filled' : 'default'}
          disabled={!changed}
          loading={setting.pending}
          onClick={() => void setting.save(member.member, roles)}
          data-testid="team-roles-save"
        >
          Save roles
        </Button>
      </Group>
      {member.rolesContested && <ContestedRoles member={member} />}
      {setting.error && (
        <Text size="xs" c="red.8" role="alert" data-testid="team-roles-refused">
          {setting.error}
        </Text>
      )}
    </Stack>
  )
}
