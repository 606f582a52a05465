import { Badge, Button, Group, Text } from '@mantine/core'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import { environmentLabels } from '../../../../shared/environments'
import { Timestamp } from '../../components/Timestamp'
import { CopyValue } from '../../components/CopyValue'
import { statusColor, statusLabel } from '../../components/checkLabels'
import { ShortIdentifier } from '../../components/ShortIdentifier'
import { AnchorLink } from '../../components/RouterLinks'

/**
 * A linked check in one line: its identifier (a link to it in History when it is there), its
 * status, where and when it was made, and Unlink when the case can change.
 */
export function CaseCheckHeader({
  check,
  inHistory,
  onUnlink,
}: {
  check: ExportedCheck
  /** The check is in this computer's History (not only in an imported bundle). */
  inHistory: boolean
  /** Absent when the case cannot change. */
  onUnlink?: () => void
}) {
  return (
    <Group justify="space-between" gap="xs" data-testid="case-check">
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
        {onUnlink && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={onUnlink}
            style={{ flexShrink: 0 }}
            aria-haspopup="dialog"
            data-testid="case-check-unlink"
          >
            Unlink
          </Button>
        )}
      </Group>
    </Group>
  )
}
