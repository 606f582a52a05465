import { Group, Progress, Stack, Text } from '@mantine/core'
import type { BulkJob } from '../../../../shared/bulk/bulkJob'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import type { BulkCounts } from '../../data/bulk/bulkResults'

const rateWindowMs = 30_000

/** Addresses finished a second over the last half minute, from their stored times. */
export function currentRate(checkedAt: readonly string[], now: number): number {
  const since = now - rateWindowMs
  const recent = checkedAt.filter((at) => Date.parse(at) >= since)
  if (recent.length < 2) return 0
  const first = Math.min(...recent.map((at) => Date.parse(at)))
  return recent.length / Math.max(1, (now - first) / 1000)
}

const timeLeft = (seconds: number): string =>
  seconds < 60
    ? countOf(Math.ceil(seconds), noun('second'))
    : seconds < 3600
      ? countOf(Math.ceil(seconds / 60), noun('minute'))
      : countOf(Math.round(seconds / 360) / 10, noun('hour'))

/** Done, hits, failed and remaining, the rate and the time left, and a bar people can read. */
export function BulkProgress({
  job,
  counts,
  rate,
}: {
  job: BulkJob
  counts: BulkCounts
  rate: number
}) {
  const total = job.checkCount
  const finished = counts.done + counts.reused + counts.failed + counts.unknown
  const remaining = counts.pending + counts.running
  const percent = total === 0 ? 100 : Math.round((finished / total) * 100)
  const item = (label: string, value: number, testId: string) => (
    <Text size="sm" data-testid={testId} data-count={value}>
      <b>{formatNumber(value)}</b> {label}
    </Text>
  )
  return (
    <Stack gap={6}>
      <Progress.Root size="lg" data-testid="bulk-progress" data-running={counts.running}>
        <Progress.Section
          value={percent}
          animated={job.state === 'running' && remaining > 0}
          aria-label="Addresses checked"
          aria-valuetext={`${formatNumber(finished)} of ${countOf(total, noun('address', 'addresses'))} checked`}
        />
      </Progress.Root>
      <Group gap="lg">
        {item('done', counts.done, 'bulk-count-done')}
        {item('reused', counts.reused, 'bulk-count-reused')}
        {item('with hits', job.hitCount, 'bulk-count-hits')}
        {item('failed', counts.failed, 'bulk-count-failed')}
        {counts.unknown > 0 && item('outcome unknown', counts.unknown, 'bulk-count-unknown')}
        {item('remaining', remaining, 'bulk-count-remaining')}
        {job.state === 'running' && remaining > 0 && (
          <Text size="sm" c="dimmed" data-testid="bulk-rate">
            {rate > 0
              ? `${rate.toFixed(1)} a second, about ${timeLeft(remaining / rate)} left`
              : 'Measuring the rate…'}
          </Text>
        )}
      </Group>
    </Stack>
  )
}
