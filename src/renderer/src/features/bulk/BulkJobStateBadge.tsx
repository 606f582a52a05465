import { Badge } from '@mantine/core'
import type { BulkJobState } from '../../../../shared/bulk/bulkJob'

const looks: Record<BulkJobState, { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  paused: { label: 'Paused', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  finished: { label: 'Finished', color: 'green' },
  stopped: { label: 'Stopped', color: 'red' },
}

export function BulkJobStateBadge({ state }: { state: BulkJobState }) {
  const look = looks[state]
  return (
    <Badge color={look.color} variant="light" data-testid="bulk-job-state" data-state={state}>
      {look.label}
    </Badge>
  )
}
