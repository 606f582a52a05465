import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import { hitDecisionLabels } from '../../../../shared/cases/caseLabels'
import type { HitDecision } from '../../../../shared/cases/caseSchemas'
import type { CheckHit } from '../../../../shared/cases/checkHits'
import { ActorName } from '../../components/ActorName'
import { Timestamp } from '../../components/Timestamp'
import { categoryLabel } from '../../components/checkLabels'
import { decisionColors } from '../../components/decisionColors'
import { DecisionEditor } from './DecisionEditor'
import { checkTimeOf } from '../../../../shared/records/walletTimeline'
import { useCaseActions } from '../../data/cases/useCaseActions'

/**
 * One hit (the record under one category) of a linked check: its decision, and (when the case
 * allows) a way to decide. The record itself is shown once above, by its group.
 */
export function HitDecisionRow({
  caseId,
  check,
  hit,
  decision,
  editable,
  lostSince,
}: {
  caseId: string
  check: ExportedCheck
  hit: CheckHit
  decision: HitDecision | undefined
  editable: boolean
  /** When a later check of the wallet in this case no longer had this hit. */
  lostSince?: string
}) {
  const [editing, setEditing] = useState(false)
  const caseActions = useCaseActions()
  return (
    <Stack gap={4} py={4} pl="md" data-testid="case-hit" data-hit-key={hit.hitKey}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs">
          <Badge variant="light" color="red" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {categoryLabel(hit.category)}
          </Badge>
          {lostSince && (
            <Text size="xs" c="orange" fw={600} data-testid="hit-lost-since">
              No longer listed since <Timestamp iso={lostSince} size="xs" dateOnly />
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {decision ? (
            <Badge color={decisionColors[decision.decision]} radius="sm" data-testid="hit-decision">
              {hitDecisionLabels[decision.decision]}
            </Badge>
          ) : (
            <Badge color="gray" variant="outline" radius="sm" data-testid="hit-decision">
              Undecided
            </Badge>
          )}
          {editable && !editing && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setEditing(true)}
              data-testid="hit-decide"
            >
              {decision ? 'Change' : 'Decide'}
            </Button>
          )}
        </Group>
      </Group>
      {decision && !editing && (
        <Text size="xs" c="dimmed">
          {decision.rationale} · <Timestamp iso={decision.decidedAt} size="xs" /> ·{' '}
          <ActorName actor={decision.decidedBy} size="xs" />
          {decision.carriedFrom && (
            <Text span size="xs" c="dimmed" data-testid="hit-decision-carried">
              {' '}
              · carried from the check of{' '}
              <Timestamp iso={checkTimeOf(decision.carriedFrom)} size="xs" />
            </Text>
          )}
        </Text>
      )}
      {editing && (
        <DecisionEditor
          initial={decision}
          saveLabel="Save decision"
          onCancel={() => setEditing(false)}
          onSave={async (choice, rationale) => {
            await caseActions.decideHit(caseId, { check, hit, decision: choice, rationale })
            setEditing(false)
          }}
        />
      )}
    </Stack>
  )
}
