import { Radio, Select, Stack, Text, TextInput } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { BulkCheck, BulkJob } from '../../../../shared/bulk/bulkJob'
import { countOf, noun } from '../../../../shared/text/counting'
import { FormModal } from '../../components/FormModal'
import { useEditableCases } from '../../data/cases/caseQueries'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { useCaseChange } from '../cases/useCaseChange'
import { chosenChecks, firstChoice } from './chosenChecks'

const newCaseValue = 'new'

/**
 * Links the selected rows' checks, or every check with hits, to a case picked from the editable
 * ones or created here; the job itself goes on the case's trail with them.
 */
export function BulkLinkToCase({
  job,
  checks,
  selected,
  onClose,
}: {
  job: BulkJob
  checks: readonly BulkCheck[]
  selected: ReadonlySet<number>
  onClose: () => void
}) {
  const cases = useEditableCases()
  const caseActions = useCaseActions()
  const navigate = useNavigate()
  const { failure, attempt } = useCaseChange()
  const [which, setWhich] = useState<'selected' | 'hits'>(firstChoice(selected))
  const [caseChoice, setCaseChoice] = useState<string>(newCaseValue)
  const [title, setTitle] = useState(`Bulk screening: ${job.fileName}`)
  const [subject, setSubject] = useState('')
  const toLink = chosenChecks(checks, which, selected).map((check) => check.checkLocalId)
  const link = () =>
    attempt(
      () =>
        caseActions.linkBulkJob(
          caseChoice === newCaseValue
            ? { newCase: { title, subject, description: '' } }
            : { caseId: caseChoice },
          { jobId: job.id, checkLocalIds: toLink },
        ),
      ({ caseId }) => {
        onClose()
        void navigate({ to: '/cases/$caseId', params: { caseId } })
      },
    )
  return (
    <FormModal
      title="Link to a case"
      onClose={onClose}
      onSubmit={(event) => {
        event?.preventDefault()
        void link()
      }}
      failure={failure}
      confirm={{ label: `Link ${countOf(toLink.length, noun('check'))}`, testId: 'bulk-link-go' }}
    >
      <Radio.Group label="Which checks" value={which} onChange={(value) => setWhich(value)}>
        <Stack gap={6} mt={4}>
          <Radio
            value="selected"
            disabled={selected.size === 0}
            label={`The selected rows (${countOf(selected.size, noun('address', 'addresses'))})`}
            data-testid="bulk-link-selected"
          />
          <Radio
            value="hits"
            label={`Every address with hits (${checks.filter((check) => (check.hits ?? 0) > 0).length})`}
            data-testid="bulk-link-hits"
          />
        </Stack>
      </Radio.Group>
      <Select
        label="Case"
        data={[
          { value: newCaseValue, label: 'A new case…' },
          ...(cases ?? []).map((record) => ({ value: record.id, label: record.title })),
        ]}
        value={caseChoice}
        onChange={(value) => setCaseChoice(value ?? newCaseValue)}
        allowDeselect={false}
        data-testid="bulk-link-case"
      />
      {caseChoice === newCaseValue && (
        <>
          <TextInput
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            data-testid="bulk-link-title"
          />
          <TextInput
            label="Subject"
            description="The person, business or list under investigation"
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            data-testid="bulk-link-subject"
          />
        </>
      )}
      <Text size="xs" c="dimmed">
        The job ({job.fileName}, its SHA-256, who ran it, when and its counts) is recorded on the
        case’s audit trail with the checks. Only answered checks can be linked.
      </Text>
    </FormModal>
  )
}
