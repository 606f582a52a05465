import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import { hitDecisionLabels } from '../../../../shared/cases/caseLabels'
import type { HitDecision } from '../../../../shared/cases/caseSchemas'
import type { CheckHit } from '../../../../shared/cases/checkHits'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { ActorName } from '../../components/ActorName'
import { Timestamp } from '../../components/Timestamp'
import { categoryLabel } from '../../components/checkLabels'
import { decisionColors } from '../../components/decisionColors'
import { DecisionEditor } from './DecisionEditor'
import { checkTimeOf } from '../../../../shared/records/walletTimeline'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { decideKey, focusNextToDecide } from './reviewFocus'

/** The decision standing on a hit, and the earlier check of its wallet it was made on, if any. */
export interface StandingDecision {
  decision: HitDecision | undefined
  decidedOnEarlier: string | undefined
}

/** Where a decision came from when it was not made on this check: carried or read by record. */
const earlierCheckOf = ({ decision, decidedOnEarlier }: StandingDecision): string | undefined =>
  decidedOnEarlier ?? decision?.carriedFrom

/**
 * One hit (the record under one category) of a wallet's latest check: its decision, and (when the
 * case allows) a way to decide. The record itself is shown once above, by its group. Without
 * `editable` it is read only: a record no longer listed, or a case that cannot change.
 */
export function HitDecisionRow({
  caseId,
  check,
  hit,
  standing,
  editable,
  lostSince,
}: {
  caseId: string
  check: ExportedCheck
  hit: CheckHit
  standing: StandingDecision
  editable: boolean
  /** When the wallet was first checked without this record. */
  lostSince?: string
}) {
  const [editing, setEditing] = useState(false)
  // Set when the editor closes without the focus going elsewhere: it comes back to this row.
  const refocus = useRef(false)
  const decideButton = useRef<HTMLButtonElement>(null)
  const caseActions = useCaseActions()
  const { decision } = standing
  const earlier = earlierCheckOf(standing)
  const what = `${categoryLabel(hit.category)} hit of ${shown(hit.holder)}${hit.chains.length > 0 ? ` on ${hit.chains.join(', ')}` : ''}`
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false
      decideButton.current?.focus()
    }
  }, [editing])
  return (
    <Stack gap={4} py={4} pl="md" data-testid="case-hit" data-hit-key={hit.hitKey}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs">
          <Badge variant="light" color="red" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {categoryLabel(hit.category)}
          </Badge>
          {lostSince && (
            <Text size="xs" c="red.9" fw={600} data-testid="hit-lost-since">
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
              ref={decideButton}
              size="compact-xs"
              variant="subtle"
              onClick={() => setEditing(true)}
              aria-label={`${decision ? 'Change' : 'Decide'} the ${what}`}
              data-testid="hit-decide"
              data-to-decide={decision ? undefined : 'true'}
              data-decide-key={decideKey(check.localId, hit.hitKey)}
            >
              {decision ? 'Change' : 'Decide'}
            </Button>
          )}
        </Group>
      </Group>
      {decision && !editing && (
        <Text size="xs" c="dimmed">
          {shown(decision.rationale)} · <Timestamp iso={decision.decidedAt} size="xs" /> ·{' '}
          <ActorName actor={decision.decidedBy} size="xs" />
          {earlier && (
            <Text span size="xs" c="dimmed" data-testid="hit-decision-carried">
              {' '}
              · {decision.carriedFrom ? 'carried' : 'kept'} from the check of{' '}
              <Timestamp iso={checkTimeOf(earlier)} size="xs" />
            </Text>
          )}
        </Text>
      )}
      {editing && (
        <DecisionEditor
          initial={decision}
          saveLabel="Save decision"
          onCancel={() => {
            refocus.current = true
            setEditing(false)
          }}
          onSave={async (choice, rationale, editor) => {
            await caseActions.decideHit(caseId, { check, hit, decision: choice, rationale })
            const moved = focusNextToDecide(editor, new Set([decideKey(check.localId, hit.hitKey)]))
            refocus.current = !moved
            setEditing(false)
          }}
        />
      )}
    </Stack>
  )
}
