import { Button, Group, Stack } from '@mantine/core'
import type { ReactNode } from 'react'

/** One candidate in a link dialog: what it is, and a Link button that says when it already is. */
export function LinkPickerRow({
  linked,
  onLink,
  testId,
  children,
}: {
  linked: boolean
  onLink: () => void
  testId: string
  children: ReactNode
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={`${testId}-row`}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        {children}
      </Stack>
      <Button
        size="xs"
        variant={linked ? 'default' : 'filled'}
        disabled={linked}
        data-testid={testId}
        onClick={onLink}
      >
        {linked ? 'Linked' : 'Link'}
      </Button>
    </Group>
  )
}
