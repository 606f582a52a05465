import { Alert, Button, Code, Stack, Text } from '@mantine/core'
import { IconFileZip } from '@tabler/icons-react'
import { useState } from 'react'
import { bridgeErrorNames } from '../../../../shared/bridge'
import { BridgeCallError, callBridge } from '../../bridge/bridgeClient'
import { formatBytes, startDownload } from '../../components/fileDelivery'
import { caseErrorMessage } from './caseErrorMessage'
import { caseExport, type FinishedExport } from '../../data/cases/caseExport'

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; sent: number; total: number }
  | { kind: 'done'; result: FinishedExport }
  | { kind: 'failed'; message: string }

export function ExportCaseButton({ caseId }: { caseId: string }) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' })
  const run = async () => {
    setState({ kind: 'running', sent: 0, total: 0 })
    try {
      const result = await caseExport.exportCase(callBridge, caseId, (sent, total) =>
        setState({ kind: 'running', sent, total }),
      )
      if (result.delivery.kind === 'download') {
        startDownload(result.delivery.url, result.delivery.fileName)
      }
      setState({ kind: 'done', result })
    } catch (error) {
      if (error instanceof BridgeCallError && error.name === bridgeErrorNames.cancelled) {
        return setState({ kind: 'idle' })
      }
      setState({ kind: 'failed', message: caseErrorMessage(error) })
    }
  }
  return (
    <Stack gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconFileZip size={14} />}
        loading={state.kind === 'running'}
        onClick={() => void run()}
        data-testid="case-export"
      >
        Export evidence bundle
      </Button>
      {state.kind === 'running' && state.total > 0 && (
        <Text size="xs" c="dimmed">
          Writing {state.sent.toLocaleString()} of {state.total.toLocaleString()} checks…
        </Text>
      )}
      {state.kind === 'failed' && (
        <Alert
          color="red"
          variant="light"
          title="The bundle was not written"
          data-testid="export-error"
        >
          {state.message} Nothing partial was left behind; try again once this is fixed.
        </Alert>
      )}
      {state.kind === 'done' && (
        <Alert
          color="green"
          variant="light"
          title="Evidence bundle written"
          data-testid="export-done"
        >
          <Text size="sm">
            {state.result.delivery.kind === 'saved'
              ? `Saved to ${state.result.delivery.path}`
              : `Downloaded as “${state.result.fileName}”`}{' '}
            — {state.result.files} files, {formatBytes(state.result.bytes)}.
          </Text>
          <Text size="xs" c="dimmed">
            SHA-256 of the ZIP: <Code>{state.result.sha256}</Code>
          </Text>
        </Alert>
      )}
    </Stack>
  )
}
