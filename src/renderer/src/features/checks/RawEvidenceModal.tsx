import { howItEnded } from '../../../../shared/evidence/evidenceEnding'
import { Code, Group, Modal, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { Evidence } from '../../../../shared/bridge/evidenceSchema'
import { CopyValue } from '../../components/CopyValue'
import { formatLocalDateTime } from '../../components/formatTime'

/** An answer's bytes exactly as received, read as UTF-8 (undecodable bytes show as �). */
const receivedText = (response: Evidence['response']): string =>
  new TextDecoder().decode(Uint8Array.from(atob(response.bodyBase64), (char) => char.charCodeAt(0)))

/**
 * The tries before the last of a request sent again, each with what it got: the service's word
 * when it refused or failed is evidence too.
 */
function EarlierTries({ evidence }: { evidence: Evidence }) {
  const earlier = evidence.earlier ?? []
  if (earlier.length === 0) return null
  return (
    <Stack gap={6} data-testid="raw-evidence-earlier">
      <Text size="sm" fw={600}>
        Earlier tries ({earlier.length})
      </Text>
      {earlier.map((exchange, index) => {
        const body = receivedText(exchange.response)
        return (
          <Stack key={exchange.sentAt + String(index)} gap={2}>
            <Text size="xs">
              Try {index + 1}, sent {formatLocalDateTime(exchange.sentAt)}, ended after{' '}
              {exchange.durationMs} ms:{' '}
              {howItEnded({ ...evidence, response: exchange.response, ended: exchange.ended })}
            </Text>
            {body !== '' && (
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {body}
              </Code>
            )}
          </Stack>
        )
      })}
    </Stack>
  )
}

/** The same text indented for reading when it is JSON; null when it is not. */
const formatted = (text: string): string | null => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return null
  }
}

export function RawEvidenceModal({
  evidence,
  opened,
  onClose,
}: {
  evidence: Evidence
  opened: boolean
  onClose: () => void
}) {
  const [view, setView] = useState<'received' | 'formatted'>('received')
  const received = opened ? receivedText(evidence.response) : ''
  const pretty = opened ? formatted(received) : null
  return (
    <Modal opened={opened} onClose={onClose} title="Raw response, as received" size="xl">
      <Stack gap="xs" data-testid="raw-evidence">
        <Text size="sm">
          {evidence.request.method} {evidence.baseUrl.replace(/\/$/, '')}
          {evidence.request.path}: {howItEnded(evidence)}
        </Text>
        <Text size="sm" c="dimmed">
          Sent {formatLocalDateTime(evidence.startedAt)} ({evidence.startedAt} UTC), ended after{' '}
          {evidence.durationMs} ms
          {evidence.attempts > 1 ? ` after ${evidence.attempts} attempts` : ''}. The API key is
          never kept.
        </Text>
        <Group justify="space-between">
          <Group gap="sm">
            <Text size="sm" fw={600}>
              Response body
            </Text>
            {pretty !== null && (
              <SegmentedControl
                size="xs"
                value={view}
                onChange={setView}
                data={[
                  { value: 'received', label: 'As received' },
                  { value: 'formatted', label: 'Formatted' },
                ]}
                aria-label="How to show the response body"
              />
            )}
          </Group>
          {/* Always the bytes as received, whichever view is shown. */}
          <CopyValue value={received} label="Copy response body as received" />
        </Group>
        <ScrollArea h={420} type="auto">
          <Code
            block
            data-testid="raw-evidence-body"
            data-view={view}
            // Wrapped on screen only: the text (and what Copy takes) is the bytes as received.
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {view === 'formatted' && pretty !== null ? pretty : received}
          </Code>
        </ScrollArea>
        <Text size="sm" fw={600}>
          Request body
        </Text>
        <Code block>{JSON.stringify(evidence.request.body, null, 2)}</Code>
        <EarlierTries evidence={evidence} />
      </Stack>
    </Modal>
  )
}
