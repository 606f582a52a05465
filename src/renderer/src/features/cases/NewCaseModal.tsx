import { Modal, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useNavigate } from '@tanstack/react-router'
import { newCaseSchema, type NewCase } from '../../../../shared/cases/caseSchemas'
import { FormModal } from '../../components/FormModal'
import { zodFormResolver } from '../../components/zodFormResolver'
import { useIdentity } from '../../data/identity/identityQueries'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { useCaseChange } from './useCaseChange'
import { WhoWorksHere } from './WhoWorksHere'

const emptyCase: NewCase = { title: '', subject: '', description: '' }

export function NewCaseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate()
  const { failure, attempt } = useCaseChange()
  const caseActions = useCaseActions()
  const form = useForm<NewCase>({
    initialValues: emptyCase,
    validate: zodFormResolver(newCaseSchema, {
      title: 'Title',
      subject: 'Subject',
      description: 'Description',
    }),
  })

  const create = (values: NewCase) =>
    attempt(
      () => caseActions.createCase(values),
      (caseId) => {
        void navigate({ to: '/cases/$caseId', params: { caseId } })
        form.reset()
        onClose()
      },
    )

  const identity = useIdentity().data
  // Until the main side has said who works here, neither form is the right one to show.
  if (!identity) return null
  if (!identity.investigator) {
    return (
      <Modal opened={opened} onClose={onClose} title="Before your first case" size="lg">
        <WhoWorksHere why="Every case change, decision, note and export records it, and evidence bundles are signed in this name." />
      </Modal>
    )
  }
  return (
    <FormModal
      title="New case"
      opened={opened}
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit((values) => void create(values))}
      failure={failure}
      confirm={{ label: 'Create case', testId: 'new-case-create' }}
    >
      <TextInput
        label="Title"
        placeholder="e.g. ACME Ltd — wallet alert November"
        {...form.getInputProps('title')}
        data-testid="new-case-title"
        data-autofocus
      />
      <TextInput
        label="Subject"
        description="The person, business or wallet under investigation"
        {...form.getInputProps('subject')}
        data-testid="new-case-subject"
      />
      <Textarea
        label="Description"
        description="What prompted the case (optional)"
        autosize
        minRows={3}
        {...form.getInputProps('description')}
        data-testid="new-case-description"
      />
    </FormModal>
  )
}
