import { Alert, Group, NativeSelect, Stack, Text, Timeline } from '@mantine/core'
import { IconLink, IconShieldCheck, IconShieldX } from '@tabler/icons-react'
import { useState } from 'react'
import { verifyAuditChain } from '../../../../shared/cases/auditChain'
import type { AuditEntry } from '../../../../shared/cases/caseSchemas'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { ActorName } from '../../components/ActorName'
import { Timestamp } from '../../components/Timestamp'
import { useAuditTrail } from '../../data/cases/caseQueries'
import { useTeamRoster } from '../../data/cases/sharedCaseQueries'
import { BulkJobTrailDetail } from './BulkJobTrailDetail'
import { entryWords, trailKinds } from './trailEntryWords'

type Kind = keyof typeof trailKinds

/** Who an entry names, as the filter keys them: entries from before actors were kept share one. */
const personOf = (entry: AuditEntry): string => entry.actor?.fingerprint ?? ''

/** The case's audit trail, newest first, each entry in full, with whether its chain is intact. */
export function CaseTimeline({ caseId }: { caseId: string }) {
  const trail = useAuditTrail(caseId)
  const roster = useTeamRoster()
  const [kind, setKind] = useState<Kind | ''>('')
  const [person, setPerson] = useState<string | null>(null)
  if (!trail) return null
  const chain = verifyAuditChain(trail)
  const people = new Map(trail.map((entry) => [personOf(entry), entry.actor]))
  const shownEntries = [...trail]
    .reverse()
    .filter(
      (entry) =>
        (kind === '' || (trailKinds[kind].actions as readonly string[]).includes(entry.action)) &&
        (person === null || personOf(entry) === person),
    )
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
      <Group gap="sm" data-testid="audit-filters">
        <NativeSelect
          size="xs"
          label="Show"
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as Kind | '')}
          data={[
            { value: '', label: 'Every change' },
            ...Object.entries(trailKinds).map(([value, { label }]) => ({ value, label })),
          ]}
        />
        <NativeSelect
          size="xs"
          label="By"
          value={person ?? '*'}
          onChange={(event) =>
            setPerson(event.currentTarget.value === '*' ? null : event.currentTarget.value)
          }
          data={[
            { value: '*', label: 'Anyone' },
            ...[...people].map(([key, actor]) => ({
              value: key,
              label: actor ? shown(actor.name) : 'Not recorded',
            })),
          ]}
        />
      </Group>
      {shownEntries.length === 0 && (
        <Text size="sm" c="dimmed">
          No entry of this kind by this person.
        </Text>
      )}
      <Timeline bulletSize={22} lineWidth={2} active={shownEntries.length}>
        {shownEntries.map((entry) => {
          const words = entryWords(entry, { roster, trail })
          return (
            <Timeline.Item
              key={entry.seq}
              bullet={<IconLink size={12} />}
              title={
                <Text size="sm" fw={600} data-testid="audit-headline">
                  {words.headline}
                </Text>
              }
              data-testid="audit-entry"
              data-action={entry.action}
            >
              {words.details.length > 0 && (
                <Stack gap={0} data-testid="audit-details">
                  {words.details.map((line, index) => (
                    <Text key={index} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {line}
                    </Text>
                  ))}
                </Stack>
              )}
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
          )
        })}
      </Timeline>
    </Stack>
  )
}
