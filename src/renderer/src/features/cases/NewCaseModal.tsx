import { Modal, Stack, Textarea, TextInput } from '@mantine/core'
import { useState } from 'react'
import {
  caseDescriptionSchema,
  caseSubjectSchema,
  caseTitleSchema,
} from '../../../../shared/cases/caseSchemas'
import { appDatabase } from '../../db/appDatabase'
import { ModalActions } from '../../ui/ModalActions'
import { caseErrorMessage } from './caseErrorMessage'
import { createCase } from './caseRepository'
import { casesActions } from './store'

const fieldError = (schema: typeof caseTitleSchema, value: string, shown: boolean) => {
  if (!shown) return null
  const parsed = schema.safeParse(value)
  return parsed.success ? null : `This ${parsed.error.issues[0]?.message ?? 'is not valid'}`
}

/** Opens a case: a title, the subject under investigation, and what prompted it. */
export function NewCaseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('')
  const [subject, setSubject] = useState('')
  const [description, setDescription] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const submit = async () => {
    setSubmitted(true)
    const valid = [
      caseTitleSchema.safeParse(title),
      caseSubjectSchema.safeParse(subject),
      caseDescriptionSchema.safeParse(description),
    ].every((result) => result.success)
    if (!valid) return
    try {
      const id = await createCase(appDatabase, { title, subject, description })
      casesActions.openCase(id)
      setTitle('')
      setSubject('')
      setDescription('')
      setSubmitted(false)
      onClose()
    } catch (error) {
      setFailure(caseErrorMessage(error))
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New case" size="lg">
      <Stack gap="sm">
        <TextInput
          label="Title"
          placeholder="e.g. ACME Ltd — wallet alert November"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={fieldError(caseTitleSchema, title, submitted)}
          data-testid="new-case-title"
          data-autofocus
        />
        <TextInput
          label="Subject"
          description="The person, business or wallet under investigation"
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          error={fieldError(caseSubjectSchema, subject, submitted)}
          data-testid="new-case-subject"
        />
        <Textarea
          label="Description"
          description="What prompted the case (optional)"
          autosize
          minRows={3}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={fieldError(caseDescriptionSchema, description, submitted)}
          data-testid="new-case-description"
        />
        <ModalActions
          failure={failure}
          onCancel={onClose}
          confirm={{
            label: 'Create case',
            onClick: () => void submit(),
            testId: 'new-case-create',
          }}
        />
      </Stack>
    </Modal>
  )
}
