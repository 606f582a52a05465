import { Group, Paper, Text } from '@mantine/core'
import { checkDifference, differenceKeys } from '../../../../shared/records/checkDifference'
import { differenceWords } from '../../../../shared/records/differenceWords'
import { categoryLabel } from '../../components/checkLabels'
import { AnchorLink } from '../../components/RouterLinks'
import { Timestamp } from '../../components/Timestamp'
import type { StoredCheck } from '../../data/checks/checkRepository'
import { usePreviousCheck } from '../../data/watch/watchQueries'
import { WatchControl } from '../watch/WatchControl'

/** What changed since the check of the same wallet before this one, and whether it is watched. */
export function SincePreviousCheck({ stored }: { stored: StoredCheck }) {
  const previous = usePreviousCheck(stored)
  if (previous === undefined) return null
  const difference = previous ? checkDifference(previous.check, stored.check) : undefined
  const parts = difference ? differenceWords(differenceKeys(difference), categoryLabel) : []
  return (
    <Paper withBorder radius="sm" px="md" py="xs" data-testid="since-previous">
      <Group justify="space-between" gap="sm">
        {previous ? (
          <Text size="sm">
            Since the{' '}
            <AnchorLink size="sm" to="/history/$checkId" params={{ checkId: previous.localId }}>
              check of <Timestamp iso={previous.fetchedAt} />
            </AnchorLink>
            :{' '}
            <b data-testid="since-previous-summary">
              {parts.length > 0 ? parts.join('; ') : 'the same hits'}
            </b>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            The first check of this wallet in this environment on this computer.
          </Text>
        )}
        <WatchControl
          target={{
            kind: 'wallet',
            environment: stored.environment,
            query: stored.query,
            queryKey: stored.queryKey,
          }}
          environments={[stored.environment]}
        />
      </Group>
    </Paper>
  )
}
