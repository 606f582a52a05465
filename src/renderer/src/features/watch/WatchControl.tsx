import { Group, SegmentedControl, Stack, Text } from '@mantine/core'
import { IconEye } from '@tabler/icons-react'
import type { ScheduledAllowance } from '../../../../shared/bridge/spendingContract'
import { isBilledEnvironment, type EnvironmentId } from '../../../../shared/environments'
import {
  cadenceLabels,
  watchCadences,
  type WatchCadence,
} from '../../../../shared/watch/watchSchedule'
import { allowanceSpent, allowanceUse } from '../../components/allowanceWords'
import { formatLocalDateTime } from '../../components/formatTime'
import { AnchorLink } from '../../components/RouterLinks'
import { useActor } from '../../data/identity/identityQueries'
import { useScheduledAllowance } from '../../data/spending/spendingQueries'
import { useWatch } from '../../data/watch/watchQueries'
import { watchIdOf, watchRepository, type WatchTarget } from '../../data/watch/watchRepository'

const off = 'off'

const toAllowance = (
  <AnchorLink
    to="/settings"
    search={{ section: 'scheduled-rescreens' }}
    size="xs"
    underline="always"
  >
    Settings → Scheduled re-screens in Production
  </AnchorLink>
)

/**
 * What watching means where checks are billed: the opt-in it needs, or this month's use of it.
 * Only said here; the main side decides, check by check, what may be sent.
 */
function BilledWatchNote({ allowance }: { allowance: ScheduledAllowance }) {
  if (!allowance.optedIn) {
    return (
      <Text size="xs" c="dimmed" maw={420} data-testid="watch-billed">
        Watching in Production bills every scheduled check, so it runs only after you opt in with a
        monthly cap: {toAllowance}.
      </Text>
    )
  }
  return (
    <Text size="xs" c={allowanceSpent(allowance) ? 'red' : 'dimmed'} data-testid="watch-billed">
      Watches: {allowanceUse(allowance)} ({toAllowance}).
    </Text>
  )
}

/**
 * Whether a wallet or a case is re-screened on a schedule, and how often. Watching in a billed
 * environment is offered once the user has opted in with a monthly cap, and says what it spends.
 */
export function WatchControl({
  target,
  environments,
}: {
  target: WatchTarget
  /** The environments a re-screen would run in. */
  environments: readonly EnvironmentId[]
}) {
  const watched = useWatch(watchIdOf(target))
  const actor = useActor()
  const billed = environments.some(isBilledEnvironment)
  const allowance = useScheduledAllowance().data
  if (watched === undefined || (billed && !allowance)) return null
  const choose = (value: string) => {
    if (value === off) void watchRepository.unwatch(watchIdOf(target))
    else if (actor) void watchRepository.watch(actor, target, value as WatchCadence)
  }
  // A watch set up before opting out can still be turned off.
  const disabled = (billed && !allowance?.optedIn && !watched) || !actor
  return (
    <Stack gap={2} data-testid="watch-control">
      <Group gap="xs" wrap="nowrap">
        <IconEye size={16} aria-hidden />
        <Text size="xs" id={`watch-${watchIdOf(target)}`}>
          Watch
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby={`watch-${watchIdOf(target)}`}
          value={watched?.cadence ?? off}
          onChange={choose}
          disabled={disabled}
          data={[
            { value: off, label: 'Off' },
            ...watchCadences.map((cadence) => ({ value: cadence, label: cadenceLabels[cadence] })),
          ]}
          data-testid="watch-cadence"
        />
        {watched && (
          <Text size="xs" c="dimmed" data-testid="watch-next">
            next {formatLocalDateTime(watched.nextDueAt)}
          </Text>
        )}
        {!actor && (
          <Text size="xs" c="dimmed">
            Say who you are in Settings to watch.
          </Text>
        )}
      </Group>
      {billed && allowance && <BilledWatchNote allowance={allowance} />}
      {watched?.lastProblem && (
        <Text size="xs" c="orange" maw={560} data-testid="watch-problem">
          Last run: {watched.lastProblem}
        </Text>
      )}
    </Stack>
  )
}
