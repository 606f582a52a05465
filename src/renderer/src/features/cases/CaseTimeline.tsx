import { Alert, Group, Stack, Text, Timeline } from '@mantine/core'
import { IconLink, IconShieldCheck, IconShieldX } from '@tabler/icons-react'
import { verifyAuditChain } from '../../../../shared/cases/auditChain'
import { ActorName } from '../../components/ActorName'
import { Timestamp } from '../../components/Timestamp'
import { useAuditTrail } from '../../data/cases/caseQueries'
import { BulkJobTrailDetail } from './BulkJobTrailDetail'

/** The case's audit trail, newest first, with whether its hash chain is intact. */
export function CaseTimeline({ caseId }: { caseId: string }) {
  const trail = useAuditTrail(caseId)
  if (!trail) return null
  const chain = verifyAuditChain(trail)
  return (
    <Stack gap="sm">
      {chain.intact ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconShieldCheck size={18} />}
          data-testid="audit-chain"
        >
          The trail’s {chain.entries} entries are chained by SHA-256 and intact: none was changed or
          removed.
        </Alert>
      ) : (
        <Alert
          color="red"
          icon={<IconShieldX size={18} />}
          title="The audit trail is broken"
          data-testid="audit-chain"
        >
          At entry {chain.seq}: {chain.problem}. Entries are never edited by the app, so this
          database was changed from outside it.
        </Alert>
      )}
      <Timeline bulletSize={22} lineWidth={2} active={trail.length}>
        {[...trail].reverse().map((entry) => (
          <Timeline.Item
            key={entry.seq}
            bullet={<IconLink size={12} />}
            title={
              <Text size="sm" fw={600}>
                {entry.summary}
              </Text>
            }
            data-testid="audit-entry"
          >
            <BulkJobTrailDetail entry={entry} />
            <Group gap="xs">
              <Timestamp iso={entry.at} size="xs" />
              <ActorName actor={entry.actor} size="xs" />
              <Text size="xs" c="dimmed">
                #{entry.seq} · {entry.action}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" title={entry.hash}>
                {entry.hash.slice(0, 12)}…
              </Text>
            </Group>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  )
}
