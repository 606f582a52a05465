import { Badge, Group, Paper, Stack, Text } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { IconHistory } from '@tabler/icons-react'
import { hitDecisionLabels } from '../../../../shared/cases/caseLabels'
import { formatLocalDate } from '../../components/formatTime'
import { categoryLabel } from '../../components/checkLabels'
import type { HitKeys } from '../../../../shared/cases/checkHits'
import { useEarlierDecisions } from '../../data/cases/caseQueries'
import { decisionColors } from '../../components/decisionColors'

/**
 * Decisions already made on this record of this identifier, in other checks. A record seen under
 * several categories was usually decided the same way for each: said once, naming the categories.
 */
export function EarlierDecisionHint({
  queryKey,
  hits,
  checkId,
}: {
  queryKey: string
  /** The record's hits: one, or one per category it came under. */
  hits: readonly HitKeys[]
  checkId: string
}) {
  const earlier = useEarlierDecisions(queryKey, hits, checkId)
  if (!earlier || earlier.length === 0) return null
  const alike = new Map<string, typeof earlier>()
  for (const item of earlier) {
    const key = JSON.stringify([item.decision.decision, item.decision.rationale, item.caseTitle])
    alike.set(key, [...(alike.get(key) ?? []), item])
  }
  return (
    <Stack gap={2}>
      {[...alike.values()].map((items) => {
        const [{ decision, caseTitle }] = items as [(typeof earlier)[number]]
        return (
          <Paper
            key={decision.id}
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
                Decided before
                {hits.length > 1
                  ? ` (${items.map((item) => categoryLabel(item.decision.category)).join(', ')})`
                  : ''}
                :{' '}
                <Badge size="xs" radius="sm" color={decisionColors[decision.decision]}>
                  {hitDecisionLabels[decision.decision]}
                </Badge>{' '}
                in “{shown(caseTitle)}” on {formatLocalDate(decision.decidedAt)} —{' '}
                {shown(decision.rationale)}
              </Text>
            </Group>
          </Paper>
        )
      })}
    </Stack>
  )
}
