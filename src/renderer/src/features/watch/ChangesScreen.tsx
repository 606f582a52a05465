import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { environmentLabels } from '../../../../shared/environments'
import { countOf, noun } from '../../../../shared/text/counting'
import { differenceWords } from '../../../../shared/records/differenceWords'
import { cadenceLabels } from '../../../../shared/watch/watchSchedule'
import { AnchorLink, ButtonLink } from '../../components/RouterLinks'
import { ScreenTitle } from '../../components/ScreenTitle'
import { formatLocalDateTime } from '../../components/formatTime'
import { useActor } from '../../data/identity/identityQueries'
import { useCase } from '../../data/cases/caseQueries'
import { useNewChanges, useWatches } from '../../data/watch/watchQueries'
import { watchRepository, type WatchChange } from '../../data/watch/watchRepository'
import { CasesAwaitingReview } from './CasesAwaitingReview'

/** Categories by their codes, as the service names them. */
const changeSentence = (change: WatchChange): string =>
  differenceWords(change, (code) => code).join('; ')

function ChangeRow({ change, onAcknowledge }: { change: WatchChange; onAcknowledge?: () => void }) {
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="watch-change">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {change.query}
            </Text>
            <Badge size="sm" variant="light" radius="sm" tt="none">
              {environmentLabels[change.environment]}
            </Badge>
          </Group>
          <Text size="sm" fw={600} data-testid="watch-change-summary">
            {changeSentence(change)}
          </Text>
          <Text size="xs" c="dimmed">
            Checked {formatLocalDateTime(change.earlier.fetchedAt)}, then{' '}
            {formatLocalDateTime(change.later.fetchedAt)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <ButtonLink
            size="xs"
            variant="light"
            to="/history/$checkId"
            params={{ checkId: change.later.localId }}
          >
            Open check
          </ButtonLink>
          {change.caseIds[0] && (
            <ButtonLink
              size="xs"
              variant="light"
              to="/cases/$caseId"
              params={{ caseId: change.caseIds[0] }}
            >
              Open case
            </ButtonLink>
          )}
          {onAcknowledge && (
            <Button size="xs" onClick={onAcknowledge} data-testid="watch-change-acknowledge">
              Acknowledge
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  )
}

function CaseTitleLink({ caseId }: { caseId: string }) {
  const caseRecord = useCase(caseId)
  return (
    <AnchorLink size="xs" to="/cases/$caseId" params={{ caseId }}>
      Case “{caseRecord?.title ?? caseId}”
    </AnchorLink>
  )
}

/**
 * What re-screens found (watched wallets' and cases', and those of History rows or a bulk job)
 * since it was last acknowledged; in a team, first the shared cases waiting for your review.
 */
export function ChangesScreen() {
  const changes = useNewChanges()
  const watches = useWatches()
  const actor = useActor()
  const acknowledge = (ids: string[]) => {
    if (actor) void watchRepository.acknowledgeChanges(actor, ids)
  }
  return (
    <Stack gap="md" data-testid="changes-screen">
      <Group justify="space-between">
        <ScreenTitle>Changes</ScreenTitle>
        {changes && changes.length > 1 && (
          <Button
            size="xs"
            variant="default"
            onClick={() => acknowledge(changes.map((change) => change.id))}
            data-testid="watch-changes-acknowledge-all"
          >
            Acknowledge all {changes.length}
          </Button>
        )}
      </Group>
      <CasesAwaitingReview />
      {changes?.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="changes-empty">
          No new changes. Watch a wallet from its check in History, or a case from its page: new or
          removed hits their re-screens find appear here, as do those of wallets re-screened from
          History or a bulk job.
        </Text>
      )}
      {changes?.map((change) => (
        <ChangeRow
          key={change.id}
          change={change}
          onAcknowledge={actor ? () => acknowledge([change.id]) : undefined}
        />
      ))}
      {watches && watches.length > 0 && (
        <Stack gap={4} data-testid="watch-list">
          <Text size="sm" fw={600}>
            Watched:{' '}
            {(['wallet', 'case'] as const)
              .map(
                (kind) =>
                  [kind, watches.filter((watched) => watched.kind === kind).length] as const,
              )
              .filter(([, count]) => count > 0)
              .map(([kind, count]) => countOf(count, noun(kind)))
              .join(', ')}
          </Text>
          {watches.map((watched) => (
            <Text size="xs" key={watched.id} data-testid="watch-item">
              {watched.kind === 'wallet' ? (
                <Text span ff="monospace" size="xs">
                  {watched.query}
                </Text>
              ) : (
                <CaseTitleLink caseId={watched.caseId} />
              )}{' '}
              · {cadenceLabels[watched.cadence]} · next {formatLocalDateTime(watched.nextDueAt)}
              {watched.lastProblem ? ` · last run: ${watched.lastProblem}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
