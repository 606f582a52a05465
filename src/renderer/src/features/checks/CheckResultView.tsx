import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
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
import { hitKeyOf } from '../../../../shared/cases/checkHits'
import { AddToCase } from '../cases/AddToCase'
import { EarlierDecisionHint } from '../cases/EarlierDecisionHint'
import { EntityLinks } from './EntityLinks'
import { MatchRecordCard } from './MatchRecordCard'
import { RawEvidenceModal } from './RawEvidenceModal'

function CategoryCounts({ counts }: { counts: Record<string, number> }) {
  return (
    <SimpleGrid cols={{ base: 3, lg: 6 }} spacing={6} data-testid="category-counts">
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
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Text size="xs" c={count > 0 ? 'red' : 'dimmed'} fw={count > 0 ? 600 : 400} truncate>
                {categoryLabel(category)}
              </Text>
              <Text size="sm" fw={700} c={count > 0 ? 'red' : 'dimmed'}>
                {count}
              </Text>
            </Group>
          </Paper>
        )
      })}
    </SimpleGrid>
  )
}

/** A crypto check, fetched now or read from History: everything the service said, readable. */
export function CheckResultView({ stored }: { stored: StoredCheck }) {
  const [rawOpen, setRawOpen] = useState(false)
  const { check } = stored
  const requester = check.requestedBy
  const requesterName = [requester?.firstName, requester?.middleName, requester?.lastName]
    .filter(Boolean)
    .join(' ')
  return (
    <Stack gap="sm" data-testid="check-result" data-status={check.status}>
      <Paper withBorder radius="sm" p="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
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
                {check.totalEntity === 1 ? '1 match' : `${check.totalEntity} matches`}
              </Title>
            </Group>
            <Group gap={4}>
              <Text size="sm" ff="monospace" fw={500} style={{ wordBreak: 'break-all' }}>
                {stored.query}
              </Text>
              <CopyValue value={stored.query} label="Copy identifier" />
            </Group>
            <Text size="xs" c="dimmed" data-testid="check-fetched">
              Fetched <Timestamp iso={stored.fetchedAt} size="xs" /> ({formatAge(stored.fetchedAt)})
              from {environmentLabels[stored.environment]}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
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
              <Text size="xs" c="dimmed">
                Requested by {requesterName}
                {check.requestedAt ? ' · ' : ''}
                {check.requestedAt && <Timestamp iso={check.requestedAt} size="xs" />}
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
      <EntityLinks stored={stored} />
      <CategoryCounts counts={check.categoryCount} />
      {orderedCategories(Object.keys(check.categories))
        .filter((category) => (check.categories[category]?.length ?? 0) > 0)
        .map((category) => (
          <Stack key={category} gap={6} data-testid={`records-${category}`}>
            <Text fw={600} size="sm">
              {categoryLabel(category)} · {check.categories[category]?.length}
            </Text>
            {check.categories[category]?.map((record, index) => (
              <Stack key={index} gap={2}>
                <EarlierDecisionHint
                  queryKey={stored.queryKey}
                  hitKey={hitKeyOf(category, record)}
                  checkId={stored.localId}
                />
                <MatchRecordCard record={record} />
              </Stack>
            ))}
          </Stack>
        ))}
      <RawEvidenceModal
        evidence={stored.evidence}
        opened={rawOpen}
        onClose={() => setRawOpen(false)}
      />
    </Stack>
  )
}
