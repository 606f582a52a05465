import { Code, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core'
import type { Evidence } from '../../../../shared/bridge/evidenceSchema'
import { CopyValue } from '../../components/CopyValue'
import { formatLocalDateTime } from '../../components/formatTime'

/** The answer's bytes as received, decoded for reading; pretty-printed when they are JSON. */
const decodedBody = (evidence: Evidence): string => {
  const bytes = Uint8Array.from(atob(evidence.response.bodyBase64), (char) => char.charCodeAt(0))
  const text = new TextDecoder().decode(bytes)
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
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
  const body = opened ? decodedBody(evidence) : ''
  return (
    <Modal opened={opened} onClose={onClose} title="Raw response, as received" size="xl">
      <Stack gap="xs" data-testid="raw-evidence">
        <Text size="sm">
          {evidence.request.method} {evidence.baseUrl.replace(/\/$/, '')}
          {evidence.request.path} → HTTP {evidence.response.status},{' '}
          {evidence.response.bytes.toLocaleString()} bytes
        </Text>
        <Text size="sm" c="dimmed">
          Sent {formatLocalDateTime(evidence.startedAt)} ({evidence.startedAt} UTC), answered in{' '}
          {evidence.durationMs} ms
          {evidence.attempts > 1 ? ` after ${evidence.attempts} attempts` : ''}. The API key is
          never kept.
        </Text>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Response body
          </Text>
          <CopyValue value={body} label="Copy response body" />
        </Group>
        <ScrollArea h={420} type="auto">
          <Code block>{body}</Code>
        </ScrollArea>
        <Text size="sm" fw={600}>
          Request body
        </Text>
        <Code block>{JSON.stringify(evidence.request.body, null, 2)}</Code>
      </Stack>
    </Modal>
  )
}
