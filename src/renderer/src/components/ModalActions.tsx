import { Button, Group, Stack, Text } from '@mantine/core'

/** A dialog's foot: what went wrong (if anything), a way out, and the one action it exists for. */
export function ModalActions({
  failure,
  onCancel,
  cancelLabel = 'Cancel',
  confirm,
}: {
  failure?: string | null
  onCancel: () => void
  cancelLabel?: string
  /** Without `onClick`, the confirm button submits the dialog's form (so Enter does too). */
  /** `disabled` when the action would only be refused: the dialog says why above it. */
  confirm?: {
    label: string
    onClick?: () => void
    color?: string
    testId: string
    disabled?: boolean
  }
}) {
  return (
    <Stack gap="xs">
      {failure && (
        <Text c="red" size="sm" data-testid="modal-error">
          {failure}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        {confirm && (
          <Button
            color={confirm.color}
            type={confirm.onClick ? 'button' : 'submit'}
            onClick={confirm.onClick}
            disabled={confirm.disabled}
            data-testid={confirm.testId}
          >
            {confirm.label}
          </Button>
        )}
      </Group>
    </Stack>
  )
}
