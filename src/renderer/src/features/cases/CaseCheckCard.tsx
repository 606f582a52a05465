import { Badge, Button, Group, Paper, Text } from '@mantine/core'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import type { HitDecision } from '../../../../shared/cases/caseSchemas'
import { hitDecisionId, hitsOf } from '../../../../shared/cases/checkHits'
import { environmentLabels } from '../../../../shared/environments'
import { Timestamp } from '../../components/Timestamp'
import { statusColor, statusLabel } from '../../components/checkLabels'
import { HitDecisionRow } from './HitDecisionRow'
import { AnchorLink } from '../../components/RouterLinks'

/** A linked check with each of its hits and their decisions. */
export function CaseCheckCard({
  caseId,
  check,
  decisions,
  editable,
  inHistory,
  onUnlink,
}: {
  caseId: string
  check: ExportedCheck
  decisions: ReadonlyMap<string, HitDecision>
  editable: boolean
  /** The check is in this computer's History (not only in an imported bundle). */
  inHistory: boolean
  onUnlink: () => void
}) {
  const hits = hitsOf(check.check)
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="case-check">
      <Group justify="space-between" wrap="nowrap" mb={hits.length > 0 ? 6 : 0}>
        <Group gap="xs" style={{ minWidth: 0 }}>
          {inHistory ? (
            <AnchorLink
              to="/history/$checkId"
              params={{ checkId: check.localId }}
              fw={600}
              size="sm"
              ff="monospace"
              style={{ wordBreak: 'break-all' }}
              data-testid="case-check-open"
            >
              {check.query}
            </AnchorLink>
          ) : (
            <Text fw={600} size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {check.query}
            </Text>
          )}
          <Badge color={statusColor(check.check.status)} variant="light" radius="sm">
            {statusLabel(check.check.status)}
          </Badge>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {environmentLabels[check.environment]} · <Timestamp iso={check.fetchedAt} size="xs" />
          </Text>
          {editable && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onUnlink}>
              Unlink
            </Button>
          )}
        </Group>
      </Group>
      {hits.length === 0 && (
        <Text size="xs" c="dimmed">
          No hit: nothing to decide.
        </Text>
      )}
      {hits.map((hit) => (
        <HitDecisionRow
          key={hit.hitKey}
          caseId={caseId}
          check={check}
          hit={hit}
          decision={decisions.get(hitDecisionId(caseId, check.localId, hit.hitKey))}
          editable={editable}
        />
      ))}
    </Paper>
  )
}
