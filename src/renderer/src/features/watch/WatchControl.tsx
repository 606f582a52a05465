import { Group, SegmentedControl, Text } from '@mantine/core'
import { IconEye } from '@tabler/icons-react'
import { isBilledEnvironment, type EnvironmentId } from '../../../../shared/environments'
import {
  cadenceLabels,
  watchCadences,
  type WatchCadence,
} from '../../../../shared/watch/watchSchedule'
import { formatLocalDateTime } from '../../components/formatTime'
import { useActor } from '../../data/identity/identityQueries'
import { useWatch } from '../../data/watch/watchQueries'
import { watchIdOf, watchRepository, type WatchTarget } from '../../data/watch/watchRepository'
import { billedWatchRefusal } from '../../data/watch/screenWatched'

const off = 'off'

/**
 * Whether a wallet or a case is re-screened on a schedule, and how often. Watching in a billed
 * environment is not offered: say why instead.
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
  if (watched === undefined) return null
  const billed = environments.some(isBilledEnvironment)
  const choose = (value: string) => {
    if (value === off) void watchRepository.unwatch(watchIdOf(target))
    else if (actor) void watchRepository.watch(actor, target, value as WatchCadence)
  }
  const disabled = (billed && !watched) || !actor
  return (
    <Group gap="xs" wrap="nowrap" data-testid="watch-control">
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
      {billed && !watched && (
        <Text size="xs" c="dimmed" maw={320}>
          {billedWatchRefusal}
        </Text>
      )}
      {!actor && !billed && (
        <Text size="xs" c="dimmed">
          Say who you are in Settings to watch.
        </Text>
      )}
    </Group>
  )
}
