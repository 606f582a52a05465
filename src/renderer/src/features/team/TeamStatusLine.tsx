import { Badge, Tooltip } from '@mantine/core'
import type { TeamSync } from '../../../../shared/bridge/teamContract'
import { formatLocalDateTime } from '../../components/formatTime'
import { teamStatusWords } from './teamStatusWords'

const colors = { ok: 'green', busy: 'blue', warning: 'orange', problem: 'red' } as const

const timeOf = (iso: string): string =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })

/** Where this desk stands with its team, in one badge; the problem, if any, on hover. */
export function TeamStatusLine({ sync }: { sync: TeamSync }) {
  const { text, tone } = teamStatusWords(sync, timeOf)
  const badge = (
    <Badge
      color={colors[tone]}
      variant="dot"
      size="lg"
      data-testid="team-status"
      data-state={sync.state}
    >
      {text}
    </Badge>
  )
  const why = [
    sync.problem,
    sync.lastInSyncAt ? `Last in sync ${formatLocalDateTime(sync.lastInSyncAt)}.` : null,
  ]
    .filter(Boolean)
    .join(' ')
  return why ? (
    <Tooltip label={why} multiline w={320} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  )
}
