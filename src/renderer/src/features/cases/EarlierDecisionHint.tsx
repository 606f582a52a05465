import { Badge, Group, Paper, Text } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { hitDecisionLabels } from '../../../../shared/cases/caseLabels'
import { formatLocalDate } from '../../components/formatTime'
import { useEarlierDecision } from '../../data/cases/caseQueries'
import { decisionColors } from '../../components/decisionColors'

/** The decision already made on this record of this identifier, in another check. */
export function EarlierDecisionHint({
  queryKey,
  hitKey,
  checkId,
}: {
  queryKey: string
  hitKey: string
  checkId: string
}) {
  const earlier = useEarlierDecision(queryKey, hitKey, checkId)
  if (!earlier) return null
  const { decision, caseTitle } = earlier
  return (
    <Paper
      px="xs"
      py={4}
      radius="sm"
      bg="yellow.0"
      style={{ borderLeft: '3px solid var(--mantine-color-yellow-6)' }}
      data-testid="earlier-decision"
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconHistory size={14} style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="xs">
          Decided before:{' '}
          <Badge size="xs" radius="sm" color={decisionColors[decision.decision]}>
            {hitDecisionLabels[decision.decision]}
          </Badge>{' '}
          in “{caseTitle}” on {formatLocalDate(decision.decidedAt)} — {decision.rationale}
        </Text>
      </Group>
    </Paper>
  )
}
