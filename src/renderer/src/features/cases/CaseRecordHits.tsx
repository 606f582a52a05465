import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import type { HitDecision } from '../../../../shared/cases/caseSchemas'
import { hitDecisionId } from '../../../../shared/cases/checkHits'
import type { RecordGroup } from '../../../../shared/cases/recordGroups'
import { matchReason } from '../../../../shared/records/matchReason'
import { datasetName, isSyntheticRecord } from '../../../../shared/records/recordVocabulary'
import { ShortIdentifier } from '../../components/ShortIdentifier'
import { DecisionEditor } from './DecisionEditor'
import { HitDecisionRow } from './HitDecisionRow'
import { EarlierDecisionHint } from './EarlierDecisionHint'
import { useCaseActions } from '../../data/cases/useCaseActions'

const firstText = (value: unknown): string | undefined => {
  const first: unknown = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' && first !== '' ? first : undefined
}

/**
 * One matched record of a linked check, shown once: its holder, identifier, lists and why it
 * matched, then a decision row per category it came under. Decisions stay per hit (category and
 * record), as trails and bundles record them; "Decide for all" records the same decision on each.
 */
export function CaseRecordHits({
  caseId,
  check,
  group,
  decisions,
  editable,
  lostSince,
}: {
  caseId: string
  check: ExportedCheck
  group: RecordGroup
  decisions: ReadonlyMap<string, HitDecision>
  editable: boolean
  /** Hits a later check of the wallet in this case no longer has, with that check's time. */
  lostSince?: ReadonlyMap<string, string>
}) {
  const [decidingAll, setDecidingAll] = useState(false)
  const caseActions = useCaseActions()
  const { record, hits } = group
  const holder = firstText(record.alias)
  const identifier = hits[0]?.title ?? ''
  const datasets = hits[0]?.datasets ?? []
  const decideAll = async (decision: HitDecision['decision'], rationale: string) => {
    // One by one, each its own audit entry: a refusal stops at the hit it concerns.
    for (const hit of hits) {
      await caseActions.decideHit(caseId, { check, hit, decision, rationale })
    }
    setDecidingAll(false)
  }
  return (
    <Stack
      gap={2}
      py={6}
      px="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="case-record"
      data-categories={group.categories.join(' ')}
    >
      <Group gap="xs" justify="space-between" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            {holder && (
              <Text size="sm" fw={700}>
                {holder}
              </Text>
            )}
            <ShortIdentifier value={identifier} copyLabel="Copy the record’s identifier" />
            {isSyntheticRecord(record) && (
              <Badge size="sm" variant="outline" color="grape" radius="sm" tt="none">
                synthetic
              </Badge>
            )}
          </Group>
          <Group gap={4}>
            {datasets.map((dataset) => (
              <Badge key={dataset} size="sm" variant="outline" color="gray" radius="sm" tt="none">
                {datasetName(dataset)}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed" data-testid="case-record-reason">
            {matchReason(check.query, record).sentence}
          </Text>
        </Stack>
        {editable && hits.length > 1 && !decidingAll && (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setDecidingAll(true)}
            data-testid="record-decide-all"
            style={{ flexShrink: 0 }}
          >
            Decide for all {hits.length} categories
          </Button>
        )}
      </Group>
      <EarlierDecisionHint
        queryKey={check.queryKey}
        hitKeys={hits.map((hit) => hit.hitKey)}
        checkId={check.localId}
      />
      {decidingAll && (
        <DecisionEditor
          saveLabel={`Save for all ${hits.length} categories`}
          onCancel={() => setDecidingAll(false)}
          onSave={decideAll}
        />
      )}
      {hits.map((hit) => (
        <HitDecisionRow
          key={hit.hitKey}
          caseId={caseId}
          check={check}
          hit={hit}
          decision={decisions.get(hitDecisionId(caseId, check.localId, hit.hitKey))}
          editable={editable}
          lostSince={lostSince?.get(hit.hitKey)}
        />
      ))}
    </Stack>
  )
}
