import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import type { HitDecision } from '../../../../shared/cases/caseSchemas'
import type { CheckHit } from '../../../../shared/cases/checkHits'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import type { RecordGroup } from '../../../../shared/cases/recordGroups'
import { matchReason } from '../../../../shared/records/matchReason'
import { datasetName, isSyntheticRecord } from '../../../../shared/records/recordVocabulary'
import { ShortIdentifier } from '../../components/ShortIdentifier'
import { DecisionEditor } from './DecisionEditor'
import { HitDecisionRow, type StandingDecision } from './HitDecisionRow'
import { decideKey, focusNextToDecide } from './reviewFocus'
import { EarlierDecisionHint } from './EarlierDecisionHint'
import { ChainBadges } from '../../components/ChainBadges'
import { useCaseActions } from '../../data/cases/useCaseActions'

const firstText = (value: unknown): string | undefined => {
  const first: unknown = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' && first !== '' ? first : undefined
}

/** Several hits decided at once, by the investigator's choice: what the choice covers. */
type Together = { hits: readonly CheckHit[]; what: string }

/**
 * One matched record of a linked check, shown once: its holder, identifier, chain, lists and why
 * it matched, then a decision row per category it came under. Decisions stay per hit (category,
 * record and chain), as trails and bundles record them; "Decide for all" records the same decision
 * on each, its trail entries saying they were decided together.
 */
export function CaseRecordHits({
  caseId,
  check,
  group,
  everyChain,
  standingOf,
  editable,
  lostSince,
}: {
  caseId: string
  check: ExportedCheck
  group: RecordGroup
  /** The record's hits on every chain the list gives it, when it gives several: decided together only by choice. */
  everyChain: readonly CheckHit[]
  standingOf: (hit: CheckHit) => StandingDecision
  editable: boolean
  /** Records the wallet's latest check no longer lists, with when it was first checked without them. */
  lostSince?: ReadonlyMap<string, string>
}) {
  const [together, setTogether] = useState<Together | null>(null)
  // Set when the editor of a choice closes without the focus going elsewhere: it comes back to
  // the choices, which were hidden while it was open.
  const refocus = useRef(false)
  const choicesBox = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (together || !refocus.current) return
    refocus.current = false
    choicesBox.current?.querySelector('button')?.focus()
  }, [together])
  const caseActions = useCaseActions()
  const { record, hits } = group
  const holder = firstText(record.alias)
  const identifier = hits[0]?.title ?? ''
  const datasets = hits[0]?.datasets ?? []
  const chains = hits[0]?.chains ?? []
  const chainCount = new Set(everyChain.map((hit) => hit.chains.join(','))).size
  const choices: Together[] = [
    ...(hits.length > 1 ? [{ hits, what: `all ${hits.length} categories of this record` }] : []),
    ...(chainCount > 1
      ? [{ hits: everyChain, what: `all ${chainCount} chains of this record` }]
      : []),
  ]
  const decideTogether = async (
    decision: HitDecision['decision'],
    rationale: string,
    editor: HTMLElement,
  ) => {
    if (!together) return
    // One by one, each its own audit entry saying it was decided with the others.
    for (const hit of together.hits) {
      await caseActions.decideHit(caseId, {
        check,
        hit,
        decision,
        rationale,
        together: together.what,
      })
    }
    refocus.current = !focusNextToDecide(
      editor,
      new Set(together.hits.map((hit) => decideKey(check.localId, hit.hitKey))),
    )
    setTogether(null)
  }
  return (
    <Stack
      gap={2}
      py={6}
      px="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="case-record"
      data-categories={group.categories.join(' ')}
      data-chains={chains.join(' ')}
    >
      <Group gap="xs" justify="space-between" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            {holder && (
              <Text size="sm" fw={700}>
                {shown(holder)}
              </Text>
            )}
            <ShortIdentifier value={identifier} copyLabel="Copy the record’s identifier" />
            <ChainBadges chains={chains} />
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
        {editable && !together && choices.length > 0 && (
          <Stack ref={choicesBox} gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            {choices.map((choice) => (
              <Button
                key={choice.what}
                size="compact-xs"
                variant="light"
                onClick={() => setTogether(choice)}
                data-testid={
                  choice.hits === hits ? 'record-decide-all' : 'record-decide-all-chains'
                }
              >
                Decide {choice.what}
              </Button>
            ))}
          </Stack>
        )}
      </Group>
      <EarlierDecisionHint queryKey={check.queryKey} hits={hits} checkId={check.localId} />
      {together && (
        <DecisionEditor
          saveLabel={`Save for ${together.what}`}
          onCancel={() => {
            refocus.current = true
            setTogether(null)
          }}
          onSave={decideTogether}
        />
      )}
      {hits.map((hit) => (
        <HitDecisionRow
          key={hit.hitKey}
          caseId={caseId}
          check={check}
          hit={hit}
          standing={standingOf(hit)}
          editable={editable}
          lostSince={lostSince?.get(hit.hitKey)}
        />
      ))}
    </Stack>
  )
}
