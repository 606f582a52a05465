import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import {
  teamJoinSchema,
  type RosterMemberView,
  type TeamJoin,
  type TeamView,
} from '../../../../shared/bridge/teamContract'
import { groupedFingerprint } from '../../../../shared/identity/investigator'
import { formatLocalDateTime } from '../../components/formatTime'
import { ModalActions } from '../../components/ModalActions'
import { zodFormResolver } from '../../components/zodFormResolver'
import { useTeam, useTeamMembership } from '../../data/team/teamQueries'
import { MemberRoles } from './MemberRoles'
import { RemoveMemberButton } from './RemoveMemberButton'
import { TeamStatusLine } from './TeamStatusLine'

const validate = zodFormResolver(teamJoinSchema, {
  serverUrl: 'The server’s address',
  database: 'The team database',
  member: 'Your name on the server',
  password: 'Your password',
})

/** Settings → Team: join a team's CouchDB, see who is in it and where replication stands, leave. */
export function TeamCard() {
  const team = useTeam().data
  const membership = useTeamMembership()
  if (!team) return null
  return (
    <Card withBorder radius="sm" padding="md" data-testid="team-card">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Team</Text>
          <Text size="sm" c="dimmed">
            Share cases with colleagues through your team’s CouchDB server. Every change is signed
            with your key and replicated; API keys, your private key, the outbox and environment
            settings never leave this computer.
          </Text>
        </div>
        {team.joined ? (
          <JoinedTeam team={team} membership={membership} />
        ) : (
          <JoinForm membership={membership} />
        )}
      </Stack>
    </Card>
  )
}

type Membership = ReturnType<typeof useTeamMembership>

function JoinForm({ membership }: { membership: Membership }) {
  const form = useForm<TeamJoin>({
    initialValues: { serverUrl: '', database: '', member: '', password: '' },
    validate,
  })
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => void membership.join(values))}
      data-testid="team-join-form"
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Server address"
            placeholder="https://couch.example.org"
            description="HTTPS; plain http only on this computer"
            {...form.getInputProps('serverUrl')}
            data-testid="team-server-url"
          />
          <TextInput
            label="Team database"
            placeholder="team"
            description="As your team admin set it up"
            {...form.getInputProps('database')}
            data-testid="team-database"
          />
          <TextInput
            label="Your name on the server"
            autoComplete="username"
            {...form.getInputProps('member')}
            data-testid="team-member"
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            description="Kept in the OS keychain"
            {...form.getInputProps('password')}
            data-testid="team-password"
          />
        </SimpleGrid>
        {membership.error && (
          <Alert color="red" variant="light" data-testid="team-join-error">
            {membership.error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={membership.pending} data-testid="team-join">
            Join the team
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function JoinedTeam({
  team,
  membership,
}: {
  team: Extract<TeamView, { joined: true }>
  membership: Membership
}) {
  const [leaving, setLeaving] = useState(false)
  const you = team.roster.find((member) => member.member === team.member)
  const youAreAdmin = you?.roles.includes('team-admin') === true
  // A team admin the roster made may remove members, but not one the server's configuration names.
  const mayRemove = (member: RosterMemberView): boolean =>
    youAreAdmin &&
    !member.removed &&
    member.member !== team.member &&
    (you?.admin === true || !member.admin)
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <TeamStatusLine sync={team.sync} />
        <Text size="sm" c="dimmed">
          {team.member} at {team.serverUrl}/{team.database} · joined{' '}
          {formatLocalDateTime(team.joinedAt)}
        </Text>
      </Group>
      {team.sync.problem && (
        <Alert color="orange" variant="light" data-testid="team-problem">
          {team.sync.problem}
        </Alert>
      )}
      {team.setAside.length > 0 && (
        <Alert color="yellow" variant="light" title="Not applied" data-testid="team-set-aside">
          {team.setAside.map((sentence) => (
            <Text size="sm" key={sentence}>
              {sentence}.
            </Text>
          ))}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        An investigator works cases; a reviewer approves a colleague’s close of a case with a true
        match or that was escalated; a team admin sets roles and removes members.
        {youAreAdmin ? '' : ' Only a team admin can change them.'}
      </Text>
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing={6} data-testid="team-roster">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Roles</Table.Th>
              <Table.Th>Organisation</Table.Th>
              <Table.Th>Key fingerprints</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {team.roster.map((member) => (
              <Table.Tr key={member.member} data-testid="team-roster-member">
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={500}>
                      {member.name}
                    </Text>
                    {member.member === team.member && (
                      <Badge size="sm" variant="light" radius="sm">
                        you
                      </Badge>
                    )}
                    {member.admin && (
                      <Badge size="sm" variant="light" color="grape" radius="sm">
                        team admin
                      </Badge>
                    )}
                    {member.removed && (
                      <Badge size="sm" variant="light" color="red" radius="sm">
                        removed
                      </Badge>
                    )}
                    {mayRemove(member) && (
                      <RemoveMemberButton member={member} membership={membership} />
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {member.member} · {member.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <MemberRoles member={member} editable={youAreAdmin} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{member.organisation}</Text>
                </Table.Td>
                <Table.Td>
                  {member.fingerprints.map((fingerprint) => (
                    // Eight groups of four: in a narrow column, two even lines rather than 7 + 1.
                    <Text
                      size="xs"
                      ff="monospace"
                      key={fingerprint}
                      style={{ textWrap: 'balance' }}
                    >
                      {groupedFingerprint(fingerprint)}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {team.roster.length === 0 && (
        <Text size="sm" c="dimmed">
          No member’s key has arrived yet: the roster fills in as replication runs.
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          color="red"
          onClick={() => setLeaving(true)}
          data-testid="team-leave"
        >
          Leave the team…
        </Button>
      </Group>
      <Modal opened={leaving} onClose={() => setLeaving(false)} title="Leave the team?" centered>
        <Stack gap="sm">
          <Text size="sm">
            Replication stops and your team password is removed from this computer. Every case and
            entry already here stays, and your colleagues keep everything you sent them.
          </Text>
          {team.sync.waiting > 0 && (
            <Alert color="orange" variant="light" data-testid="team-leave-waiting">
              {team.sync.waiting === 1
                ? '1 change has not reached the server yet: it stays here, unsent, until you join again.'
                : `${team.sync.waiting} changes have not reached the server yet: they stay here, unsent, until you join again.`}
            </Alert>
          )}
          <ModalActions
            failure={membership.error}
            onCancel={() => setLeaving(false)}
            confirm={{
              label: 'Leave the team',
              color: 'red',
              testId: 'team-leave-confirm',
              onClick: () =>
                void membership.leave().then((left) => {
                  if (left) setLeaving(false)
                }),
            }}
          />
        </Stack>
      </Modal>
    </Stack>
  )
}
