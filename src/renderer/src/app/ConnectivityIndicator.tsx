import { Badge, Tooltip } from '@mantine/core'
import { formatLocalDateTime } from '../components/formatTime'
import { useShellStore } from '../features/shell/store'

export function ConnectivityIndicator() {
  const connectivity = useShellStore((state) => state.connectivity)
  if (connectivity.status === 'offline') {
    return (
      <Tooltip
        label={`${connectivity.message} Since ${formatLocalDateTime(connectivity.since)}.`}
        multiline
        w={320}
      >
        <Badge
          color="orange"
          variant="dot"
          size="lg"
          data-testid="connectivity"
          data-status="offline"
        >
          Offline
        </Badge>
      </Tooltip>
    )
  }
  return (
    <Badge
      color={connectivity.status === 'online' ? 'green' : 'gray'}
      variant="dot"
      size="lg"
      data-testid="connectivity"
      data-status={connectivity.status}
    >
      {connectivity.status === 'online' ? 'Online' : 'Not contacted yet'}
    </Badge>
  )
}
