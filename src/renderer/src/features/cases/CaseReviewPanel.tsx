import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconEyeCheck } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import type { AwaitedReviewView } from '../../../../shared/bridge/teamContract'
import { caseOutcomeLabels } from '../../../../shared/cases/caseLabels'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { FormModal } from '../../components/FormModal'
import { Timestamp } from '../../components/Timestamp'
import { useAuditTrail } from '../../data/cases/caseQueries'
import { fourEyesCalls } from '../../data/cases/fourEyesCalls'
import { useFourEyesCall, useSharedCase, useTeamRoster } from '../../data/cases/sharedCaseQueries'
import { CloseCaseModal } from './CaseStateActions'
import {
  actorLabel,
  memberOfActor,
  membersLabel,
  nobodyReviewsSentence,
  reviewStanding,
} from './fourEyesWords'
import { entryWords } from './trailEntryWords'
import { useCaseChange } from './useCaseChange'
import { validateReason } from './reasonForm'

function SendBackModal({
  caseId,
  request,
  onClose,
}: {
  caseId: string
  request: string
  onClose: () => void
}) {
  const form = useForm({ initialValues: { reason: '' }, validate: validateReason })
  const { failure, attempt } = useCaseChange('The reason')
  return (
    <FormModal
      title="Send the close request back"
      onClose={onClose}
      onSubmit={form.onSubmit(
        ({ reason }) =>
          void attempt(() => fourEyesCalls.sendBackClose(caseId, request, reason), onClose),
      )}
      failure={failure}
      confirm={{ label: 'Send back', color: 'orange', testId: 'review-send-back-confirm' }}
    >
      <Textarea
        label="Why not close it yet?"
        description="The requester reads it; it goes into the audit trail. The case stays open."
        autosize
        minRows={2}
        {...form.getInputProps('reason')}
        data-testid="review-send-back-reason"
        data-autofocus
      />
    </FormModal>
  )
}

/** "Alex Investigator (alex) asks to close this case as Risk confirmed: ‹reason›", and when. */
function RequestLine({ request }: { request: AwaitedReviewView['request'] }) {
  return (
    <Text size="sm" data-testid="case-review-request">
      {shown(request.author.name)} ({shown(request.member)}) asks to close this case as{' '}
      <b>{caseOutcomeLabels[request.outcome]}</b>: {shown(request.reason)}{' '}
      <Timestamp iso={request.at} size="xs" />
    </Text>
  )
}

function Panel({ color, title, children }: { color: string; title: string; children: ReactNode }) {
  return (
    <Alert
      color={color}
      variant="light"
      icon={<IconEyeCheck size={18} />}
      title={title}
      data-testid="case-review-panel"
    >
      <Stack gap={6}>{children}</Stack>
    </Alert>
  )
}

/**
 * A shared case's close request, near the top of the case: what was asked and by whom; for a
 * reviewer who may answer it, approving or sending it back; for the requester, whom it waits for,
 * then that they may close. What the main side judged is shown as it stands: it refuses anything
 * the rule does not allow anyway.
 */
export function CaseReviewPanel({ caseRecord }: { caseRecord: CaseRecord }) {
  const shared = useSharedCase(caseRecord.id)
  const trail = useAuditTrail(caseRecord.id)
  const roster = useTeamRoster()
  const call = useFourEyesCall()
  const [dialog, setDialog] = useState<'send-back' | 'close' | null>(null)
  if (!shared || !trail) return null
  const standing = reviewStanding(shared, trail, caseRecord.state)
  if (!standing) return null
  const me = shared.closeVerdict?.closer ?? null

  if (standing.kind === 'waiting') {
    const { request, approvers, mayAnswer, withdrawn } = standing
    const waitingFor =
      approvers.length > 0
        ? `Waiting for review by ${membersLabel(roster, approvers)}.`
        : nobodyReviewsSentence
    return (
      <Panel color="yellow" title="A close request waits for a second review">
        <RequestLine request={request} />
        {withdrawn && (
          <Text size="sm" data-testid="case-review-withdrawn">
            The approval by {actorLabel(roster, withdrawn.approval.actor)} was withdrawn by a later
            change: {entryWords(withdrawn.change, { roster, trail }).headline} (by{' '}
            {actorLabel(roster, withdrawn.change.actor)}). A reviewer approves the case as it now
            stands.
          </Text>
        )}
        {mayAnswer ? (
          <>
            <Text size="sm">
              Read the case as it stands (checks, decisions, notes, timeline), then approve the
              close or send it back with a reason.
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                color="green"
                loading={call.pending}
                onClick={() =>
                  void call.run(() => fourEyesCalls.approveClose(caseRecord.id, request.entryId))
                }
                data-testid="case-review-approve"
              >
                Approve close
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => setDialog('send-back')}
                data-testid="case-review-send-back"
              >
                Send back…
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" data-testid="case-review-waiting">
            {waitingFor}
            {standing.mine && ' You cannot approve your own request.'}
          </Text>
        )}
        {call.failure && (
          <Text size="sm" c="red" data-testid="case-review-error">
            {call.failure}
          </Text>
        )}
        {dialog === 'send-back' && (
          <SendBackModal
            caseId={caseRecord.id}
            request={request.entryId}
            onClose={() => setDialog(null)}
          />
        )}
      </Panel>
    )
  }

  if (standing.kind === 'sent-back') {
    return (
      <Panel color="gray" title="The close request was sent back">
        <Text size="sm" data-testid="case-review-sent-back">
          {actorLabel(roster, standing.sending.actor)} sent it back
          {standing.reason ? `: ${shown(standing.reason)}` : '.'}{' '}
          <Timestamp iso={standing.sending.at} size="xs" />
        </Text>
        <Text size="sm" c="dimmed">
          To close the case, settle what the reviewer asks, then ask for a review again.
        </Text>
      </Panel>
    )
  }

  const approver = shared.closeVerdict?.approvedBy
  const outcome = standing.outcome ? ` as ${caseOutcomeLabels[standing.outcome]}` : ''
  const requestedBy = actorLabel(roster, standing.request.actor)
  const approvedByMe = me !== null && memberOfActor(roster, standing.approval.actor) === me
  return (
    <Panel color="green" title={`Closing${outcome}: approved`}>
      {standing.mayClose && approver ? (
        <Group gap="sm" justify="space-between">
          <Text size="sm" data-testid="case-review-approved">
            Approved by {shown(approver.author.name)} ({shown(approver.member)}) — you can close the
            case now. <Timestamp iso={approver.at} size="xs" />
          </Text>
          <Button
            size="xs"
            color="green"
            onClick={() => setDialog('close')}
            data-testid="case-review-close"
          >
            Close case…
          </Button>
        </Group>
      ) : approvedByMe ? (
        <Text size="sm" data-testid="case-review-approved">
          You approved the close requested by {requestedBy}: they can close the case now.
        </Text>
      ) : (
        <>
          <Text size="sm" data-testid="case-review-approved">
            Approved by {actorLabel(roster, standing.approval.actor)}, on the close requested by{' '}
            {requestedBy}.
          </Text>
          <Text size="sm" c="dimmed">
            {standing.why}
          </Text>
        </>
      )}
      {dialog === 'close' && (
        <CloseCaseModal caseRecord={caseRecord} onClose={() => setDialog(null)} />
      )}
    </Panel>
  )
}
