import { Button, Modal, Stack, Text } from '@mantine/core'
import { IconUsers } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { errorMessage } from '../../bridge/bridgeClient'
import { useSharedCase } from '../../data/cases/sharedCaseQueries'
import { sharedCasesRepository } from '../../data/cases/sharedCases'
import { useTeam } from '../../data/team/teamQueries'
import { ModalActions } from '../../components/ModalActions'

/** Shares a case of this computer with the team this desk is in, after saying what that means. */
export function ShareCaseButton({ caseRecord }: { caseRecord: CaseRecord }) {
  const team = useTeam().data
  const shared = useSharedCase(caseRecord.id)
  const [asking, setAsking] = useState(false)
  const sharing = useMutation({
    mutationFn: () => sharedCasesRepository.shareCase(caseRecord.id),
    onSuccess: () => setAsking(false),
  })
  if (!team?.joined || shared !== null || caseRecord.origin || caseRecord.restoredUntrusted) {
    return null
  }
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconUsers size={14} />}
        onClick={() => setAsking(true)}
        data-testid="case-share"
      >
        Share with the team
      </Button>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title="Share this case with the team?"
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            Everyone in the team “{team.database}” will see this case: its trail, notes, decisions
            and each linked check with the service’s raw answer. Every change you make from now on
            is signed with your key and sent to them, and theirs come to you.
          </Text>
          <Text size="sm">
            A shared case stays shared: entries sent to the team cannot be taken back.
          </Text>
          <ModalActions
            failure={sharing.error ? errorMessage(sharing.error) : null}
            onCancel={() => setAsking(false)}
            confirm={{
              label: sharing.isPending ? 'Sharing…' : 'Share the case',
              testId: 'case-share-confirm',
              onClick: () => sharing.mutate(),
            }}
          />
        </Stack>
      </Modal>
    </>
  )
}
