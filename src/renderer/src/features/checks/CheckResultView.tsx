import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconFileCode } from '@tabler/icons-react'
import { useState } from 'react'
import { environmentLabels } from '../../../../shared/environments'
import type { StoredCheck } from '../../data/checks/checkRepository'
import { CopyValue } from '../../components/CopyValue'
import { formatAge } from '../../components/formatTime'
import { Timestamp } from '../../components/Timestamp'
import {
  categoryLabel,
  orderedCategories,
  statusColor,
  statusLabel,
} from '../../components/checkLabels'
import { formatNumber } from '../../../../shared/text/counting'
import { AddToCase } from '../cases/AddToCase'
import { EarlierDecisionHint } from '../cases/EarlierDecisionHint'
import { EntityLinks } from './EntityLinks'
import { SincePreviousCheck } from './SincePreviousCheck'
import { MatchRecordCard } from './MatchRecordCard'
import { matchedRecordsWords, recordGroupsOf, type RecordGroups } from './matchedRecords'
import { RawEvidenceModal } from './RawEvidenceModal'
import { wholeIdentifierStyle } from '../../components/wholeIdentifier'

function CategoryCounts({ counts }: { counts: Record<string, number> }) {
  return (
    <Group gap={6} data-testid="category-counts">
      {orderedCategories(Object.keys(counts)).map((category) => {
        const count = counts[category] ?? 0
        return (
          <Paper
            key={category}
            withBorder
            radius="sm"
            px="xs"
            py={4}
            bg={count > 0 ? 'red.0' : undefined}
            data-testid={`category-${category}`}
          >
            <Group gap={8} wrap="nowrap">
              <Text size="xs" c={count > 0 ? 'red.9' : 'dimmed'} fw={count > 0 ? 600 : 400}>
                {categoryLabel(category)}
              </Text>
              <Text size="sm" fw={700} c={count > 0 ? 'red.9' : 'dimmed'}>
                {formatNumber(count)}
              </Text>
            </Group>
          </Paper>
        )
      })}
    </Group>
  )
}

/** Each record once, with every category it came under; its earlier decisions just above it. */
function MatchedRecords({ stored, groups }: { stored: StoredCheck; groups: RecordGroups }) {
  if (groups.length === 0) return null
  return (
    <Stack gap={6} data-testid="matched-records">
      <Title order={4} size="h5">
        {matchedRecordsWords(groups)}
      </Title>
      {groups.map((group) => (
        <Stack key={group.groupKey} gap={2}>
          <EarlierDecisionHint
            queryKey={stored.queryKey}
            hits={group.hits}
            checkId={stored.localId}
          />
          <MatchRecordCard group={group} query={stored.query} environment={stored.environment} />
        </Stack>
      ))}
    </Stack>
  )
}

/** A crypto check, fetched now or read from History: everything the service said, readable. */
export function CheckResultView({ stored }: { stored: StoredCheck }) {
  const [rawOpen, setRawOpen] = useState(false)
  const { check } = stored
  const groups = recordGroupsOf(stored)
  const requester = check.requestedBy
  const requesterName = [requester?.firstName, requester?.middleName, requester?.lastName]
    .filter(Boolean)
    .join(' ')
  return (
    <Stack gap="sm" data-testid="check-result" data-status={check.status}>
      <Paper withBorder radius="sm" p="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Badge
                size="lg"
                radius="sm"
                variant="filled"
                color={statusColor(check.status)}
                data-testid="check-status"
              >
                {statusLabel(check.status)}
              </Badge>
              <Title order={3} size="h4" data-testid="check-total">
                {matchedRecordsWords(groups)}
              </Title>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Text size="sm" ff="monospace" fw={500} style={wholeIdentifierStyle}>
                {stored.query}
              </Text>
              <CopyValue value={stored.query} label="Copy identifier" />
            </Group>
            <Text size="xs" c="dimmed" data-testid="check-fetched">
              Fetched <Timestamp iso={stored.fetchedAt} size="xs" /> ({formatAge(stored.fetchedAt)})
              from {environmentLabels[stored.environment]}
            </Text>
          </Stack>
          {/*
            Narrow, and the first to give way, its lines wrapping: the identifier keeps one line
            where it can (an Ethereum address at 1024 px), and wraps only when it is longer.
          */}
          <Stack gap={4} align="flex-end" maw={{ base: 320, lg: 440 }} style={{ flexShrink: 4 }}>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconFileCode size={14} />}
              onClick={() => setRawOpen(true)}
            >
              View raw response
            </Button>
            <AddToCase
              target={{
                kind: 'check',
                check: {
                  localId: stored.localId,
                  query: stored.query,
                  fetchedAt: stored.fetchedAt,
                },
              }}
            />
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                Check ID
              </Text>
              <Text size="xs" ff="monospace">
                {check.id}
              </Text>
              <CopyValue value={check.id} label="Copy check ID" />
            </Group>
            {requesterName && (
              <Text size="xs" c="dimmed" ta="right">
                Requested by {requesterName}
                {check.requestedAt ? ' · ' : ''}
                {check.requestedAt && (
                  // A time is not broken across lines: the line breaks before it.
                  <span style={{ whiteSpace: 'nowrap' }}>
                    <Timestamp iso={check.requestedAt} size="xs" />
                  </span>
                )}
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
      <SincePreviousCheck stored={stored} />
      <EntityLinks stored={stored} />
      <CategoryCounts counts={check.categoryCount} />
      <MatchedRecords stored={stored} groups={groups} />
      <RawEvidenceModal
        evidence={stored.evidence}
        opened={rawOpen}
        onClose={() => setRawOpen(false)}
      />
    </Stack>
  )
}
