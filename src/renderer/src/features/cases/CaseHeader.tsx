import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { caseNumber } from '../../../../shared/cases/caseNumber'
import { caseOutcomeLabels } from '../../../../shared/cases/caseLabels'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { CaseStateBadge } from '../../components/CaseStateBadge'
import { ShortIdentifier } from '../../components/ShortIdentifier'
import { Timestamp } from '../../components/Timestamp'
import { useHitTally } from '../../data/cases/caseQueries'
import { useSharedCase } from '../../data/cases/sharedCaseQueries'
import { oneDeskSentence } from '../../../../shared/team/fourEyes'
import { CaseAssignee } from './CaseAssignee'
import { CaseStateActions } from './CaseStateActions'
import { CaseExportOutcome, ExportCaseButton, useCaseExport } from './ExportCaseButton'
import { ImportedCaseNotice } from './ImportedCaseNotice'
import { RescreenCaseButton } from './RescreenCaseButton'
import { shownLines } from './shownLines'
import { ShareCaseButton } from './ShareCaseButton'
import { SharedCaseNotice } from './SharedCaseNotice'

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

/**
 * What the case is, where it stands and what can be done with it, in as few lines as the width
 * allows: each line wraps on its own, so a laptop screen keeps the first hit in view below it.
 */
export function CaseHeader({
  caseRecord,
  tallyWanted,
}: {
  caseRecord: CaseRecord
  /** The tally reads every linked check: held back until what the user looks at first is read. */
  tallyWanted: boolean
}) {
  const delivery = useCaseExport(caseRecord.id)
  // Undefined while read: the closure says nothing of a review until it is known not shared.
  const shared = useSharedCase(caseRecord.id)
  return (
    <Paper withBorder radius="sm" px="md" py="sm">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" style={{ rowGap: 6 }}>
          <Group gap="xs" style={{ rowGap: 2, minWidth: 0, flex: '1 1 16rem' }}>
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
            <Title order={2} size="h4" data-testid="case-title" style={{ minWidth: 0 }}>
              {shown(caseRecord.title)}
            </Title>
            <CaseStateBadge caseRecord={caseRecord} />
          </Group>
          <CaseStateActions caseRecord={caseRecord} />
        </Group>
        <Group gap={6} style={{ rowGap: 0 }}>
          <Text size="sm">
            Subject: <b>{shown(caseRecord.subject)}</b>
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            ·
          </Text>
          <ShortIdentifier
            value={caseRecord.id}
            size="xs"
            head={13}
            tail={6}
            copyLabel="Copy case id"
          />
          <Text size="xs" c="dimmed">
            opened <Timestamp iso={caseRecord.createdAt} size="xs" />
          </Text>
        </Group>
        {caseRecord.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {shownLines(caseRecord.description).join('\n')}
          </Text>
        )}
        <HitSummary caseRecord={caseRecord} wanted={tallyWanted} />
        <Group gap="md" align="center" style={{ rowGap: 6 }}>
          <RescreenCaseButton caseRecord={caseRecord} />
          <ExportCaseButton delivery={delivery} />
          <ShareCaseButton caseRecord={caseRecord} />
          <CaseAssignee caseId={caseRecord.id} />
        </Group>
        <SharedCaseNotice caseId={caseRecord.id} />
        <CaseExportOutcome delivery={delivery} />
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
            {shared === null && !caseRecord.origin && (
              <Text size="sm" mt={4} c="dimmed" data-testid="case-closure-one-desk">
                {oneDeskSentence}
              </Text>
            )}
          </Alert>
        )}
        {caseRecord.origin && <ImportedCaseNotice origin={caseRecord.origin} />}
      </Stack>
    </Paper>
  )
}
