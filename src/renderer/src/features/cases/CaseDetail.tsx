import { Alert, Badge, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { caseNumber } from '../../../../shared/cases/caseNumber'
import { useState } from 'react'
import { caseOutcomeLabels } from '../../../../shared/cases/caseLabels'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import type { EnvironmentId } from '../../../../shared/environments'
import { ShortIdentifier } from '../../components/ShortIdentifier'
import { Timestamp } from '../../components/Timestamp'
import { CaseChecksPanel } from './CaseChecksPanel'
import { CaseEntitiesPanel } from './CaseEntitiesPanel'
import { CaseNotesPanel } from './CaseNotesPanel'
import { CaseStateActions } from './CaseStateActions'
import { CaseStateBadge } from '../../components/CaseStateBadge'
import { ImportedCaseNotice } from './ImportedCaseNotice'
import { CaseTimeline } from './CaseTimeline'
import { shownLines } from './shownLines'
import { lockReason } from '../../../../shared/cases/caseRules'
import { ExportCaseButton } from './ExportCaseButton'
import { RescreenCaseButton } from './RescreenCaseButton'
import { isCaseTab, useCaseTab, type CaseSearch } from './caseAddress'
import { useHitTally } from '../../data/cases/caseQueries'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'

function HitSummary({ caseRecord, wanted }: { caseRecord: CaseRecord; wanted: boolean }) {
  const tally = useHitTally(caseRecord, wanted)
  if (!tally) return null
  return (
    <Group gap={6} data-testid="case-hit-summary">
      <Text size="sm">{countOf(tally.total, noun('hit'))}:</Text>
      <Badge color="red" variant="light" radius="sm">
        {countOf(tally.byDecision.true_match, noun('true match', 'true matches'))}
      </Badge>
      <Badge color="green" variant="light" radius="sm">
        {countOf(tally.byDecision.false_positive, noun('false positive'))}
      </Badge>
      <Badge color="orange" variant="light" radius="sm">
        {formatNumber(tally.byDecision.needs_review)} needs review
      </Badge>
      <Badge color="gray" variant="outline" radius="sm">
        {formatNumber(tally.undecided)} undecided
      </Badge>
    </Group>
  )
}

/** One case: what it is about, where it stands, its evidence, notes and trail. */
export function CaseDetail({
  caseRecord,
  environment,
  search,
}: {
  caseRecord: CaseRecord
  environment: EnvironmentId
  search: CaseSearch
}) {
  const [tab, showTab] = useCaseTab(caseRecord.id, search)
  // The tally reads every linked check: on the checks tab, the first checks are read first. The
  // checks panel reads them all anyway to tell each wallet's latest, so it says how many wallets.
  const [walletCount, setWalletCount] = useState<number | undefined>(undefined)
  const locked = lockReason(caseRecord)
  const editable = locked === null
  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} data-testid="case-detail">
      <Paper withBorder radius="sm" p="md">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text
                  size="sm"
                  fw={700}
                  ff="monospace"
                  c="dimmed"
                  data-testid="case-number"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {caseNumber(caseRecord.id)}
                </Text>
                <Title order={2} size="h4" data-testid="case-title">
                  {shown(caseRecord.title)}
                </Title>
                <CaseStateBadge caseRecord={caseRecord} />
              </Group>
              <Text size="sm">
                Subject: <b>{shown(caseRecord.subject)}</b>
              </Text>
              <Group gap={4}>
                <ShortIdentifier
                  value={caseRecord.id}
                  size="xs"
                  head={13}
                  tail={6}
                  copyLabel="Copy case id"
                />
                <Text size="xs" c="dimmed">
                  · opened <Timestamp iso={caseRecord.createdAt} size="xs" />
                </Text>
              </Group>
            </Stack>
            <Stack gap="xs" align="flex-end">
              <CaseStateActions caseRecord={caseRecord} />
              <ExportCaseButton caseId={caseRecord.id} />
            </Stack>
          </Group>
          {caseRecord.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {shownLines(caseRecord.description).join('\n')}
            </Text>
          )}
          <HitSummary
            caseRecord={caseRecord}
            wanted={walletCount !== undefined || tab !== 'checks'}
          />
          <RescreenCaseButton caseRecord={caseRecord} />
          {caseRecord.closure && (
            <Alert
              color="green"
              variant="light"
              title={`Closed: ${caseOutcomeLabels[caseRecord.closure.outcome]}`}
              data-testid="case-closure"
            >
              <Text size="sm">{shown(caseRecord.closure.reason)}</Text>
              {caseRecord.closure.undecidedHitsReason && (
                <Text size="sm" mt={4}>
                  Hits left undecided because: {shown(caseRecord.closure.undecidedHitsReason)}
                </Text>
              )}
            </Alert>
          )}
          {caseRecord.origin && <ImportedCaseNotice origin={caseRecord.origin} />}
        </Stack>
      </Paper>
      <Tabs value={tab} onChange={(value) => value !== null && isCaseTab(value) && showTab(value)}>
        <Tabs.List>
          <Tabs.Tab value="checks" data-testid="case-tab-checks">
            {/* Each wallet once, as the tab lists them: its earlier checks are folded under it. */}
            Checks and hits{walletCount === undefined ? '' : ` (${formatNumber(walletCount)})`}
          </Tabs.Tab>
          <Tabs.Tab value="entities" data-testid="case-tab-entities">
            Entities ({formatNumber(caseRecord.entityKeys.length)})
          </Tabs.Tab>
          <Tabs.Tab value="notes" data-testid="case-tab-notes">
            Notes
          </Tabs.Tab>
          <Tabs.Tab value="timeline" data-testid="case-tab-timeline">
            Timeline
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="checks" pt="sm">
          <CaseChecksPanel caseRecord={caseRecord} editable={editable} onShown={setWalletCount} />
        </Tabs.Panel>
        <Tabs.Panel value="entities" pt="sm">
          <CaseEntitiesPanel
            caseRecord={caseRecord}
            editable={editable}
            environment={environment}
          />
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="sm">
          <CaseNotesPanel caseRecord={caseRecord} editable={editable} />
        </Tabs.Panel>
        <Tabs.Panel value="timeline" pt="sm">
          <CaseTimeline caseId={caseRecord.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
