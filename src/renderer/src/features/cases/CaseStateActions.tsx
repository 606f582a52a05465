import { Alert, Button, Group, Select, Text, Textarea } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { useState } from 'react'
import { caseOutcomeLabels } from '../../../../shared/cases/caseLabels'
import { useForm } from '@mantine/form'
import { z } from 'zod'
import {
  caseClosureSchema,
  caseOutcomes,
  type CaseOutcome,
  type CaseRecord,
  type CaseState,
} from '../../../../shared/cases/caseSchemas'
import { FormModal } from '../../components/FormModal'
import { zodFormResolver } from '../../components/zodFormResolver'
import { useCaseChange } from './useCaseChange'
import { validateReason } from './reasonForm'
import { useCaseActions } from '../../data/cases/useCaseActions'
import {
  openHitsSentence,
  outcomeRefusal,
  statesReachableFrom,
} from '../../../../shared/cases/caseRules'
import { useHitTally } from '../../data/cases/caseQueries'
import { fourEyesCalls } from '../../data/cases/fourEyesCalls'
import { useSharedCase, useTeamRoster } from '../../data/cases/sharedCaseQueries'
import { closeReview, membersLabel, type CloseReview } from './fourEyesWords'

const moveLabels: Record<CaseState, string> = {
  open: 'Back to open',
  in_review: 'Move to review',
  escalated: 'Escalate',
  closed: 'Close',
}

interface ClosingForm {
  outcome: CaseOutcome | null
  reason: string
  undecidedHitsReason: string
}

// Not strict: the form also holds the undecided hits' reason, which the case's rule checks.
const closingSchema = z.object(caseClosureSchema.shape).pick({ outcome: true, reason: true })
const validateClosing = zodFormResolver<ClosingForm>(
  closingSchema,
  { reason: 'The reason' },
  { outcome: 'Choose the outcome of the case.' },
)

/** What the close dialog of a shared case says about a second review before its fields. */
function ReviewNeeds({ review, approvers }: { review: CloseReview; approvers: string }) {
  if (review.kind === 'close') {
    if (review.why === null) return null
    return (
      <Text size="sm" data-testid="close-review">
        {review.why}
      </Text>
    )
  }
  return (
    <Alert
      color={review.kind === 'nobody' ? 'red' : 'yellow'}
      variant="light"
      title="A second review is needed before this case closes"
      data-testid="close-review"
    >
      <Text size="sm">{review.why}</Text>
      {review.kind === 'ask' && (
        <>
          <Text size="sm" mt={4} data-testid="close-review-approvers">
            Who may approve: {approvers}.
          </Text>
          {review.note && (
            <Text size="sm" mt={4}>
              {review.note}
            </Text>
          )}
          <Text size="sm" mt={4} c="dimmed">
            Asking sends them the outcome and your reason; once one approves, you close the case.
          </Text>
        </>
      )}
    </Alert>
  )
}

/**
 * Closing a case, or on a shared case that needs a second review first, asking for it: the same
 * outcome and reason go into the request, and the reviewer approves exactly that.
 */
export function CloseCaseModal({
  caseRecord,
  onClose,
}: {
  caseRecord: CaseRecord
  onClose: () => void
}) {
  const tally = useHitTally(caseRecord)
  const shared = useSharedCase(caseRecord.id)
  const roster = useTeamRoster()
  const form = useForm<ClosingForm>({
    initialValues: { outcome: null, reason: '', undecidedHitsReason: '' },
    validate: validateClosing,
  })
  const { failure, attempt } = useCaseChange('The reason')
  const caseActions = useCaseActions()
  const review = closeReview(shared ?? null, form.values.outcome, roster)
  const asking = review.kind === 'ask'
  const openHits = tally && !asking ? openHitsSentence(tally) : null
  // Said before the user chooses; the repository refuses it anyway.
  const noConcernRefusal = outcomeRefusal('no_concern', tally?.byDecision.true_match ?? 0)

  // Whether open hits may be left is the case's rule, decided by the repository; whether a shared
  // case may close is the four-eyes rule's, decided by the main side.
  const close = ({ reason, undecidedHitsReason }: ClosingForm, outcome: CaseOutcome) =>
    attempt(
      () =>
        asking
          ? fourEyesCalls.requestReview(caseRecord.id, outcome, reason)
          : caseActions.closeCase(caseRecord.id, {
              outcome,
              reason,
              ...(openHits ? { undecidedHitsReason } : {}),
            }),
      onClose,
    )

  return (
    <FormModal
      title="Close the case"
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit((values) => {
        if (values.outcome) void close(values, values.outcome)
      })}
      failure={failure}
      confirm={
        asking
          ? { label: 'Ask for review', testId: 'close-ask-review' }
          : {
              label: 'Close case',
              color: 'green',
              testId: 'close-confirm',
              disabled: review.kind === 'nobody',
            }
      }
    >
      <ReviewNeeds
        review={review}
        approvers={asking ? membersLabel(roster, review.approvers) : ''}
      />
      <Select
        label="Outcome"
        placeholder="Choose the outcome"
        data={caseOutcomes.map((value) => ({
          value,
          label: caseOutcomeLabels[value],
          disabled: value === 'no_concern' && noConcernRefusal !== null,
        }))}
        description={noConcernRefusal}
        {...form.getInputProps('outcome')}
        data-testid="close-outcome"
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label="Reason"
        description={
          asking
            ? 'Why the case should close with this outcome; the reviewer reads it, and it goes into the audit trail'
            : 'Why the case closes with this outcome; it goes into the audit trail and the report'
        }
        autosize
        minRows={2}
        {...form.getInputProps('reason')}
        data-testid="close-reason"
      />
      {openHits && (
        <Textarea
          label={openHits}
          description="Give every hit a final decision first, or record why the case closes without one"
          autosize
          minRows={2}
          {...form.getInputProps('undecidedHitsReason')}
          data-testid="close-undecided-reason"
        />
      )}
    </FormModal>
  )
}

function ReopenModal({ caseRecord, onClose }: { caseRecord: CaseRecord; onClose: () => void }) {
  const form = useForm({ initialValues: { reason: '' }, validate: validateReason })
  const { failure, attempt } = useCaseChange('The reason')
  const caseActions = useCaseActions()
  const reopen = ({ reason }: { reason: string }) =>
    attempt(() => caseActions.reopenCase(caseRecord.id, reason), onClose)
  return (
    <FormModal
      title="Reopen the case"
      onClose={onClose}
      onSubmit={form.onSubmit((values) => void reopen(values))}
      failure={failure}
      confirm={{ label: 'Reopen', testId: 'reopen-confirm' }}
    >
      <Textarea
        label="Why reopen it?"
        description="Recorded in the audit trail with the closure it undoes"
        autosize
        minRows={2}
        {...form.getInputProps('reason')}
        data-testid="reopen-reason"
      />
    </FormModal>
  )
}

function MoveModal({
  caseRecord,
  state,
  onClose,
}: {
  caseRecord: CaseRecord
  state: CaseState
  onClose: () => void
}) {
  const [reason, setReason] = useState('')
  const { failure, attempt } = useCaseChange('The reason')
  const caseActions = useCaseActions()
  return (
    <FormModal
      title={`${moveLabels[state]}: ${shown(caseRecord.title)}`}
      onClose={onClose}
      onSubmit={(event) => {
        event?.preventDefault()
        void attempt(() => caseActions.changeState(caseRecord.id, state, reason), onClose)
      }}
      failure={failure}
      confirm={{ label: moveLabels[state], testId: 'case-move-confirm' }}
    >
      <Textarea
        label="Reason (optional)"
        description="Why the case moves; recorded in the audit trail with the move"
        autosize
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        data-testid="case-move-reason"
        data-autofocus
      />
    </FormModal>
  )
}

/** The moves the case's state allows, closing and reopening included. */
export function CaseStateActions({ caseRecord }: { caseRecord: CaseRecord }) {
  const [dialog, setDialog] = useState<'close' | 'reopen' | CaseState | null>(null)
  if (caseRecord.origin) return null
  return (
    <Group gap="xs">
      {statesReachableFrom(caseRecord.state).map((state) => (
        <Button
          key={state}
          size="xs"
          variant="default"
          onClick={() => setDialog(state)}
          data-testid={`case-move-${state}`}
        >
          {moveLabels[state]}…
        </Button>
      ))}
      {caseRecord.state === 'closed' ? (
        <Button
          size="xs"
          variant="default"
          onClick={() => setDialog('reopen')}
          data-testid="case-reopen"
        >
          Reopen…
        </Button>
      ) : (
        <Button
          size="xs"
          color="green"
          variant="light"
          onClick={() => setDialog('close')}
          data-testid="case-close"
        >
          Close case…
        </Button>
      )}
      {dialog === 'close' && (
        <CloseCaseModal caseRecord={caseRecord} onClose={() => setDialog(null)} />
      )}
      {dialog === 'reopen' && (
        <ReopenModal caseRecord={caseRecord} onClose={() => setDialog(null)} />
      )}
      {dialog !== null && dialog !== 'close' && dialog !== 'reopen' && (
        <MoveModal caseRecord={caseRecord} state={dialog} onClose={() => setDialog(null)} />
      )}
    </Group>
  )
}
