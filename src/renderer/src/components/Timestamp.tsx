import { Text } from '@mantine/core'
import { formatLocalDateTime } from './formatTime'

/**
 * A time in local time, with its exact UTC value on hover. A native title, not a tooltip
 * component: tables show dozens of these and each must cost next to nothing.
 */
export function Timestamp({ iso, size = 'sm' }: { iso: string; size?: 'xs' | 'sm' }) {
  return (
    <Text component="time" dateTime={iso} size={size} span title={`${iso} (UTC)`}>
      {formatLocalDateTime(iso)}
    </Text>
  )
}
