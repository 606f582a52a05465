import { Group, Text } from '@mantine/core'
import { CopyValue } from './CopyValue'

/**
 * A long identifier shortened in the middle to fit its column ("0x5ca1ab1e00…00000001"): its
 * start and its end stay in view, the whole value is the tooltip, is what a screen reader reads
 * (the text is all there; only the middle is hidden by CSS) and is what the copy button copies.
 */
export function MiddleTruncated({
  value,
  tail = 8,
  copyLabel,
  testId,
  size = 'sm',
  dimmed = false,
}: {
  value: string
  /** How many of the last characters are always shown. */
  tail?: number
  /** The copy button's name; no button when absent. */
  copyLabel?: string
  /** On the element that shows the value and carries it whole as its title. */
  testId?: string
  size?: 'xs' | 'sm'
  dimmed?: boolean
}) {
  const cut = value.length > tail * 2 ? value.length - tail : value.length
  const text = (
    <Text
      component="span"
      size={size}
      ff="monospace"
      c={dimmed ? 'dimmed' : undefined}
      title={value}
      data-testid={testId}
      style={{ display: 'flex', minWidth: 0 }}
    >
      {/* `pre`, not `nowrap`: a flex item drops the blanks at its ends, so a space where the
          value is cut would vanish from what is shown and selected. */}
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'pre' }}>
        {value.slice(0, cut)}
      </span>
      <span style={{ flexShrink: 0, whiteSpace: 'pre' }}>{value.slice(cut)}</span>
    </Text>
  )
  if (!copyLabel) return text
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      {text}
      <CopyValue value={value} label={copyLabel} />
    </Group>
  )
}
