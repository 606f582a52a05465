import { Affix, Button, Group, Notification, Text } from '@mantine/core'
import { useState } from 'react'

export interface Undoable {
  message: string
  /** Puts back what was just done; its own failure is shown in the notice. */
  undo: () => Promise<void>
}

/** Says what was just done, with a way to take it back, until it is dismissed or replaced. */
export function UndoNotice({ undoable, onDone }: { undoable: Undoable; onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const undo = async () => {
    setBusy(true)
    try {
      await undoable.undo()
      onDone()
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={300}>
      <Notification
        withCloseButton
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
        onClose={onDone}
        role="status"
        w={420}
        color={failure ? 'red' : 'blue'}
        data-testid="undo-notice"
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
            {failure ?? undoable.message}
          </Text>
          <Button
            size="compact-sm"
            style={{ flexShrink: 0 }}
            variant="light"
            loading={busy}
            onClick={() => void undo()}
            data-testid="undo-button"
          >
            Undo
          </Button>
        </Group>
      </Notification>
    </Affix>
  )
}
