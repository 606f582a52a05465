import { Badge, Tooltip } from '@mantine/core'
import { useConnectivity, type Connectivity } from '../bridge/connectivity'
import { formatLocalDateTime } from '../components/formatTime'

const looks: Record<Connectivity['status'], { label: string; color: string }> = {
  unknown: { label: 'Not contacted yet', color: 'gray' },
  online: { label: 'Online', color: 'green' },
  unauthorised: { label: 'Key refused', color: 'red' },
  offline: { label: 'Offline', color: 'orange' },
}

const explanation = (connectivity: Connectivity): string | null => {
  switch (connectivity.status) {
    case 'offline':
      return `${connectivity.message} Since ${formatLocalDateTime(connectivity.since)}.`
    case 'unauthorised':
      return `${connectivity.message} (${formatLocalDateTime(connectivity.checkedAt)}). Check the environment's secret key in Settings.`
    default:
      return null
  }
}

/** Whether the service answers, as the bridge client last saw it. */
export function ConnectivityIndicator() {
  const connectivity = useConnectivity()
  const { label, color } = looks[connectivity.status]
  const badge = (
    <Badge
      color={color}
      variant="dot"
      size="lg"
      data-testid="connectivity"
      data-status={connectivity.status}
    >
      {label}
    </Badge>
  )
  const why = explanation(connectivity)
  return why === null ? (
    badge
  ) : (
    <Tooltip label={why} multiline w={320}>
      {badge}
    </Tooltip>
  )
}
