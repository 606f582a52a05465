import { Alert, Button, Group, Text } from '@mantine/core'
import { IconLink } from '@tabler/icons-react'

/** The top of a case tab: the way to link more (when the case can change) and the last refusal. */
export function PanelToolbar({
  editable,
  label,
  hint,
  testId,
  onLink,
  failure,
  onDismiss,
}: {
  editable: boolean
  label: string
  hint: string
  testId: string
  onLink: () => void
  failure: string | null
  onDismiss: () => void
}) {
  return (
    <>
      {editable && (
        <Group>
          <Button
            size="xs"
            leftSection={<IconLink size={14} />}
            onClick={onLink}
            data-testid={testId}
          >
            {label}
          </Button>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Group>
      )}
      {failure && (
        <Alert color="red" variant="light" withCloseButton onClose={onDismiss}>
          {failure}
        </Alert>
      )}
    </>
  )
}
