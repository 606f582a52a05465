import { Modal, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { newCaseSchema, type NewCase } from '../../../../shared/cases/caseSchemas'
import { ModalActions } from '../../components/ModalActions'
import { zodFormResolver } from '../../components/zodFormResolver'
import { caseRepository } from '../../data/cases/caseRepository'
import { caseErrorMessage } from './caseErrorMessage'

const emptyCase: NewCase = { title: '', subject: '', description: '' }

export function NewCaseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<NewCase>({
    initialValues: emptyCase,
    validate: zodFormResolver(newCaseSchema, {
      title: 'Title',
      subject: 'Subject',
      description: 'Description',
    }),
  })

  const create = async (values: NewCase) => {
    try {
      const id = await caseRepository.createCase(values)
      void navigate({ to: '/cases/$caseId', params: { caseId: id } })
      form.reset()
      setFailure(null)
      onClose()
    } catch (error) {
      setFailure(caseErrorMessage(error))
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New case" size="lg">
      <form noValidate onSubmit={form.onSubmit((values) => void create(values))}>
        <Stack gap="sm">
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
          <ModalActions
            failure={failure}
            onCancel={onClose}
            confirm={{ label: 'Create case', testId: 'new-case-create' }}
          />
        </Stack>
      </form>
    </Modal>
  )
}
