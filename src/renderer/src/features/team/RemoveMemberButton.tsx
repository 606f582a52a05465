import { Button, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useState } from 'react'
import type { RosterMemberView } from '../../../../shared/bridge/teamContract'
import { ModalActions } from '../../components/ModalActions'
import type { useTeamMembership } from '../../data/team/teamQueries'

/**
 * A team admin removes a member, with a reason for the record. The roster entry stops their later
 * entries on every desk; the server's admin must also remove their user so it refuses them.
 */
export function RemoveMemberButton({
  member,
  membership,
}: {
  member: RosterMemberView
  membership: ReturnType<typeof useTeamMembership>
}) {
  const [opened, setOpened] = useState(false)
  const [reason, setReason] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)
  const remove = () => {
    if (reason.trim() === '') {
      setRefusal('Say why: the reason goes on the team’s roster.')
      return
    }
    void membership.removeMember(member.member, reason.trim()).then((view) => {
      if (view) setOpened(false)
    })
  }
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        onClick={() => setOpened(true)}
        data-testid="team-remove-member"
      >
        Remove…
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Remove ${member.name}?`}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            From now on no desk applies entries {member.name} ({member.member}) makes; what they did
            before stays on every case. Ask the server’s admin to remove their user too, so the
            server refuses them.
          </Text>
          <Textarea
            label="Reason"
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value)
              setRefusal(null)
            }}
            error={refusal}
            data-testid="team-remove-reason"
          />
          <ModalActions
            failure={membership.error}
            onCancel={() => setOpened(false)}
            confirm={{
              label: 'Remove from the team',
              color: 'red',
              testId: 'team-remove-confirm',
              onClick: remove,
            }}
          />
        </Stack>
      </Modal>
    </>
  )
}
