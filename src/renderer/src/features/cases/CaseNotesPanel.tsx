import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core'
import { useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { useCaseNotes } from '../../data/cases/caseQueries'
import { ActorName } from '../../components/ActorName'
import { Timestamp } from '../../components/Timestamp'
import { caseErrorMessage } from './caseErrorMessage'
import { shownLines } from './shownLines'
import { useCaseActions } from '../../data/cases/useCaseActions'

export function CaseNotesPanel({
  caseRecord,
  editable,
}: {
  caseRecord: CaseRecord
  editable: boolean
}) {
  const [text, setText] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const notes = useCaseNotes(caseRecord.id)
  const caseActions = useCaseActions()
  const add = async () => {
    try {
      await caseActions.addNote(caseRecord.id, text)
      setText('')
      setFailure(null)
    } catch (error) {
      setFailure(caseErrorMessage(error, 'The note'))
    }
  }
  return (
    <Stack gap="sm">
      {editable && (
        <Stack gap={6}>
          <Textarea
            placeholder="A note for the file: a call, a document received, a reasoning step…"
            autosize
            minRows={2}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={failure}
            errorProps={{ 'data-testid': 'case-note-error' }}
            data-testid="case-note-text"
          />
          <Group justify="flex-end">
            <Button size="xs" onClick={() => void add()} data-testid="case-note-add">
              Add note
            </Button>
          </Group>
        </Stack>
      )}
      {notes?.length === 0 && (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      )}
      {notes?.map((note) => (
        <Paper key={note.id} withBorder radius="sm" p="sm" data-testid="case-note">
          <Text size="xs" c="dimmed">
            <Timestamp iso={note.createdAt} size="xs" /> ·{' '}
            <ActorName actor={note.author} size="xs" />
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {shownLines(note.text).join('\n')}
          </Text>
        </Paper>
      ))}
    </Stack>
  )
}
