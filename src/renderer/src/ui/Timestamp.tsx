import { Text, Tooltip } from '@mantine/core'
import { formatLocalDateTime } from './formatTime'

/** A time in local time, with its exact UTC value on hover. */
export function Timestamp({ iso, size = 'sm' }: { iso: string; size?: 'xs' | 'sm' }) {
  return (
    <Tooltip label={`${iso} (UTC)`} openDelay={300}>
      <Text component="time" dateTime={iso} size={size} span>
        {formatLocalDateTime(iso)}
      </Text>
    </Tooltip>
  )
}
