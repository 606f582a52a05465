import { Badge, Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core'
import { useState } from 'react'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import { hitDecisionLabels } from '../../../../shared/cases/caseLabels'
import {
  hitDecisionKinds,
  type HitDecision,
  type HitDecisionKind,
} from '../../../../shared/cases/caseSchemas'
import type { CheckHit } from '../../../../shared/cases/checkHits'
import { ActorName } from '../../components/ActorName'
import { Timestamp } from '../../components/Timestamp'
import { categoryLabel } from '../../components/checkLabels'
import { caseErrorMessage } from './caseErrorMessage'
import { decisionColors } from '../../components/decisionColors'
import { EarlierDecisionHint } from './EarlierDecisionHint'
import { useCaseActions } from '../../data/cases/useCaseActions'

/** One hit of a linked check: the record, its decision, and (when the case allows) a way to decide. */
export function HitDecisionRow({
  caseId,
  check,
  hit,
  decision,
  editable,
}: {
  caseId: string
  check: ExportedCheck
  hit: CheckHit
  decision: HitDecision | undefined
  editable: boolean
}) {
  const [editing, setEditing] = useState(false)
  const [choice, setChoice] = useState<HitDecisionKind>(decision?.decision ?? 'needs_review')
  const [rationale, setRationale] = useState(decision?.rationale ?? '')
  const [failure, setFailure] = useState<string | null>(null)
  const caseActions = useCaseActions()

  const save = async () => {
    try {
      await caseActions.decideHit(caseId, { check, hit, decision: choice, rationale })
      setEditing(false)
      setFailure(null)
    } catch (error) {
      setFailure(caseErrorMessage(error, 'The rationale'))
    }
  }

  return (
    <Stack
      gap={4}
      py={6}
      px="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="case-hit"
      data-hit-key={hit.hitKey}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {categoryLabel(hit.category)}
          </Badge>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {hit.title}
          </Text>
          {hit.datasets.map((dataset) => (
            <Badge key={dataset} size="xs" variant="outline" color="gray" radius="sm" tt="none">
              {dataset}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" wrap="nowrap">
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
        </Text>
      )}
      <EarlierDecisionHint queryKey={check.queryKey} hitKey={hit.hitKey} checkId={check.localId} />
      {editing && (
        <Stack gap={6} mt={4}>
          <SegmentedControl
            size="xs"
            value={choice}
            onChange={(value) => setChoice(value)}
            data={hitDecisionKinds.map((value) => ({ value, label: hitDecisionLabels[value] }))}
            data-testid="hit-decision-choice"
          />
          <Textarea
            size="xs"
            placeholder="Rationale (required): why this record is or is not the subject"
            autosize
            minRows={2}
            value={rationale}
            onChange={(event) => setRationale(event.currentTarget.value)}
            error={failure}
            data-testid="hit-rationale"
          />
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button size="xs" onClick={() => void save()} data-testid="hit-save">
              Save decision
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  )
}
