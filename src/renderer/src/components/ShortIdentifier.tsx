import { Group, Text, Tooltip, VisuallyHidden, type MantineSize } from '@mantine/core'
import { middleEllipsis } from '../../../shared/text/middleEllipsis'
import { CopyValue } from './CopyValue'

/**
 * An identifier shortened in the middle so it never pushes a row apart: the whole value on hover,
 * to screen readers, and in the copy button.
 */
export function ShortIdentifier({
  value,
  copyLabel,
  head = 10,
  tail = 8,
  size = 'sm',
  fw,
  testId,
}: {
  value: string
  /** Name of the copy button; no copy button without it. */
  copyLabel?: string
  head?: number
  tail?: number
  size?: MantineSize
  fw?: number
  testId?: string
}) {
  const shown = middleEllipsis(value, head, tail)
  const text = (
    <Text
      component="span"
      size={size}
      fw={fw}
      ff="monospace"
      style={{ whiteSpace: 'nowrap' }}
      data-testid={testId}
      data-value={value}
    >
      {shown === value ? (
        value
      ) : (
        <>
          <span aria-hidden>{shown}</span>
          <VisuallyHidden>{value}</VisuallyHidden>
        </>
      )}
    </Text>
  )
  return (
    <Group gap={2} wrap="nowrap" style={{ minWidth: 0 }}>
      {shown === value ? (
        text
      ) : (
        <Tooltip label={value} openDelay={300} withinPortal>
          {text}
        </Tooltip>
      )}
      {copyLabel && <CopyValue value={value} label={copyLabel} />}
    </Group>
  )
}
