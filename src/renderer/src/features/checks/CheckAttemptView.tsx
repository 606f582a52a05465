import { howItEnded } from '../../../../shared/evidence/evidenceEnding'
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconFileCode, IconHourglass } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { environmentLabels } from '../../../../shared/environments'
import { CopyValue } from '../../components/CopyValue'
import { outcomeColor, outcomeLabel } from '../../components/checkLabels'
import { Timestamp } from '../../components/Timestamp'
import type { CheckAttempt } from '../../data/checks/checkRepository'
import { RawEvidenceModal } from './RawEvidenceModal'
import { RunAgainModal } from './RunAgainModal'
import { wholeIdentifierStyle } from '../../components/wholeIdentifier'

const headline = (attempt: CheckAttempt): string => {
  if (attempt.outcome === 'pending') return 'Finding out what became of this check'
  if (attempt.outcome === 'failed') return 'This check did not run'
  return attempt.billed ? 'This check may have been billed' : 'This check may have run'
}

/** A check that gave no readable result: what happened, the answer if any, and what to do. */
export function CheckAttemptView({ attempt }: { attempt: CheckAttempt }) {
  const [rawOpen, setRawOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const navigate = useNavigate()
  const { evidence } = attempt
  const unknown = attempt.outcome === 'unknown'
  return (
    <Stack gap="sm" data-testid="check-attempt" data-outcome={attempt.outcome}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                Crypto wallet
              </Text>
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Title order={3} size="h4" ff="monospace" style={wholeIdentifierStyle}>
                  {attempt.query}
                </Title>
                <CopyValue value={attempt.query} label="Copy identifier" />
              </Group>
            </Stack>
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              <Badge variant="light" radius="sm" tt="none">
                {environmentLabels[attempt.environment]}
              </Badge>
              <Badge
                color={outcomeColor(attempt.outcome)}
                radius="sm"
                data-testid="attempt-outcome"
              >
                {outcomeLabel(attempt.outcome)}
              </Badge>
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            Asked for <Timestamp iso={attempt.fetchedAt} />
            {evidence
              ? `; ${howItEnded(evidence)}, after ${evidence.attempts} attempt${evidence.attempts === 1 ? '' : 's'} over ${evidence.durationMs.toLocaleString()} ms`
              : '; no answer was received'}
            .
          </Text>
        </Stack>
      </Paper>
      <Alert
        color={
          attempt.outcome === 'failed' ? 'red' : attempt.outcome === 'pending' ? 'blue' : 'orange'
        }
        variant="light"
        icon={
          attempt.outcome === 'pending' ? (
            <IconHourglass size={18} />
          ) : (
            <IconAlertTriangle size={18} />
          )
        }
        title={headline(attempt)}
        data-testid="attempt-notice"
      >
        <Stack gap={6}>
          {attempt.outcome === 'pending' ? (
            <Text size="sm">
              Compliance Desk is asking its background process whether this check was sent. This
              page updates on its own; nothing is sent again meanwhile.
            </Text>
          ) : (
            <Text size="sm" data-testid="attempt-message">
              {attempt.error?.message}
            </Text>
          )}
          {attempt.error && (
            <Text size="xs" c="dimmed">
              Error: {attempt.error.name}
              {attempt.error.status === undefined ? '' : ` (HTTP ${attempt.error.status})`}
            </Text>
          )}
          <Group gap="xs">
            {evidence && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFileCode size={14} />}
                onClick={() => setRawOpen(true)}
              >
                View raw response
              </Button>
            )}
            {attempt.outcome !== 'pending' && (
              <Button
                size="xs"
                color={unknown ? 'orange' : undefined}
                variant={unknown ? 'outline' : 'filled'}
                onClick={() => setConfirming(true)}
              >
                {unknown ? 'Run it again anyway…' : 'Run it again…'}
              </Button>
            )}
          </Group>
        </Stack>
      </Alert>
      {evidence && (
        <RawEvidenceModal evidence={evidence} opened={rawOpen} onClose={() => setRawOpen(false)} />
      )}
      <RunAgainModal
        attempt={attempt}
        opened={confirming}
        onClose={() => setConfirming(false)}
        onStarted={(localId) => {
          setConfirming(false)
          void navigate({ to: '/history/$checkId', params: { checkId: localId } })
        }}
      />
    </Stack>
  )
}
