import { Group, Paper, Text } from '@mantine/core'
import { checkDifference } from '../../../../shared/records/checkDifference'
import { countOf, noun } from '../../../../shared/text/counting'
import { categoryLabel } from '../../components/checkLabels'
import { AnchorLink } from '../../components/RouterLinks'
import { Timestamp } from '../../components/Timestamp'
import type { StoredCheck } from '../../data/checks/checkRepository'
import { usePreviousCheck } from '../../data/watch/watchQueries'
import { WatchControl } from '../watch/WatchControl'

const categoriesOf = (hits: ReadonlyArray<{ category: string }>): string =>
  [...new Set(hits.map((hit) => categoryLabel(hit.category)))].join(', ')

/** What changed since the check of the same wallet before this one, and whether it is watched. */
export function SincePreviousCheck({ stored }: { stored: StoredCheck }) {
  const previous = usePreviousCheck(stored)
  if (previous === undefined) return null
  const difference = previous ? checkDifference(previous.check, stored.check) : undefined
  const parts = difference
    ? [
        difference.added.length > 0 &&
          `${countOf(difference.added.length, noun('new hit'))} (${categoriesOf(difference.added)})`,
        difference.removed.length > 0 &&
          `${countOf(difference.removed.length, noun('hit'))} no longer listed (${categoriesOf(difference.removed)})`,
        difference.changed.length > 0 &&
          `${countOf(difference.changed.length, noun('hit'))} changed (${[...new Set(difference.changed.flatMap((change) => change.fields))].join(', ')})`,
      ].filter(Boolean)
    : []
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
