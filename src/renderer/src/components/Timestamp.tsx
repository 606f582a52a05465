import { Text } from '@mantine/core'
import { formatLocalDate, formatLocalDateTime } from './formatTime'

/**
 * A time in local time, with its exact UTC value on hover. A native title, not a tooltip
 * component: tables show dozens of these and each must cost next to nothing.
 */
export function Timestamp({
  iso,
  size = 'sm',
  dateOnly = false,
}: {
  iso: string
  size?: 'xs' | 'sm'
  /** The day alone where a column is narrow; the local time is then in the hover title too. */
  dateOnly?: boolean
}) {
  return (
    <Text
      component="time"
      dateTime={iso}
      size={size}
      span
      title={dateOnly ? `${formatLocalDateTime(iso)} · ${iso} (UTC)` : `${iso} (UTC)`}
    >
      {dateOnly ? formatLocalDate(iso) : formatLocalDateTime(iso)}
    </Text>
  )
}
