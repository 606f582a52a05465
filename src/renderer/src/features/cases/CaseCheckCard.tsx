import { Badge, Button, Group, Paper, Text } from '@mantine/core'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import type { HitDecision } from '../../../../shared/cases/caseSchemas'
import { hitsOf, type CheckHit } from '../../../../shared/cases/checkHits'
import { groupHitsByRecord, type RecordGroup } from '../../../../shared/cases/recordGroups'
import { environmentLabels } from '../../../../shared/environments'
import { Timestamp } from '../../components/Timestamp'
import { CopyValue } from '../../components/CopyValue'
import { statusColor, statusLabel } from '../../components/checkLabels'
import { CaseRecordHits } from './CaseRecordHits'
import { ShortIdentifier } from '../../components/ShortIdentifier'
import { AnchorLink } from '../../components/RouterLinks'

/** A linked check with each matched record once, and the decisions on its hits. */
/**
 * The hits of a record on every chain the list gives it, offered once (on its first card) to be
 * decided together; empty when the record is listed for one chain only.
 */
function everyChainOf(
  groups: readonly RecordGroup[],
  index: number,
  hits: readonly CheckHit[],
): CheckHit[] {
  const records = new Set(groups[index]?.hits.map((hit) => hit.chainlessKey))
  const first = groups.findIndex((group) => group.hits.some((hit) => records.has(hit.chainlessKey)))
  const same = hits.filter((hit) => records.has(hit.chainlessKey))
  const chains = new Set(same.map((hit) => hit.chains.join(',')))
  return first === index && chains.size > 1 ? same : []
}

export function CaseCheckCard({
  caseId,
  check,
  decisions,
  editable,
  inHistory,
  lostSince,
  onUnlink,
}: {
  caseId: string
  check: ExportedCheck
  decisions: ReadonlyMap<string, HitDecision>
  editable: boolean
  /** The check is in this computer's History (not only in an imported bundle). */
  inHistory: boolean
  /** Hits a later check of the wallet in this case no longer has, with that check's time. */
  lostSince?: ReadonlyMap<string, string>
  onUnlink: () => void
}) {
  const hits = hitsOf(check.check)
  const groups = groupHitsByRecord(hits)
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="case-check">
      <Group justify="space-between" mb={groups.length > 0 ? 6 : 0}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {inHistory ? (
            <AnchorLink
              to="/history/$checkId"
              params={{ checkId: check.localId }}
              fw={600}
              size="sm"
              title={check.query}
              data-testid="case-check-open"
            >
              <ShortIdentifier value={check.query} fw={600} head={12} tail={10} />
            </AnchorLink>
          ) : (
            <ShortIdentifier value={check.query} fw={600} head={12} tail={10} />
          )}
          <CopyValue value={check.query} label="Copy identifier" />
          <Badge
            color={statusColor(check.check.status)}
            variant="light"
            radius="sm"
            style={{ flexShrink: 0, overflow: 'visible' }}
          >
            {statusLabel(check.check.status)}
          </Badge>
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0, marginLeft: 'auto' }}>
          <Text size="xs" c="dimmed">
            {environmentLabels[check.environment]} · <Timestamp iso={check.fetchedAt} size="xs" />
          </Text>
          {editable && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={onUnlink}
              style={{ flexShrink: 0 }}
              data-testid="case-check-unlink"
            >
              Unlink
            </Button>
          )}
        </Group>
      </Group>
      {groups.length === 0 && (
        <Text size="xs" c="dimmed">
          No hit: nothing to decide.
        </Text>
      )}
      {groups.map((group, index) => (
        <CaseRecordHits
          key={group.groupKey}
          everyChain={everyChainOf(groups, index, hits)}
          caseId={caseId}
          check={check}
          group={group}
          decisions={decisions}
          editable={editable}
          lostSince={lostSince}
        />
      ))}
    </Paper>
  )
}
