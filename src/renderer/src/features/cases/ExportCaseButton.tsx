import { Alert, Button, Code, Text } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { IconFileZip } from '@tabler/icons-react'
import { useState } from 'react'
import { callBridge } from '../../bridge/bridgeClient'
import { formatBytes } from '../../components/fileDelivery'
import { useAutoDismiss } from '../../components/useAutoDismiss'
import { useFileDelivery } from '../../components/useFileDelivery'
import { caseErrorMessage } from './caseErrorMessage'
import { groupedFingerprint } from '../../../../shared/identity/investigator'
import { caseExport } from '../../data/cases/caseExport'
import { useIdentity } from '../../data/identity/identityQueries'

/** Writing a case's evidence bundle: the button sits with the case's tools, what came of it below. */
export const useCaseExport = (caseId: string) =>
  useFileDelivery(
    (onProgress) => caseExport.exportCase(callBridge, caseId, onProgress),
    caseErrorMessage,
  )

type CaseExport = ReturnType<typeof useCaseExport>

export function ExportCaseButton({ delivery: { state, run } }: { delivery: CaseExport }) {
  return (
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
  )
}

/** How far the bundle is written, or what came of it: the width of the case, not of its button. */
export function CaseExportOutcome({ delivery: { state } }: { delivery: CaseExport }) {
  const sessionOnly = useIdentity().data?.signingKey.storage === 'session-only'
  if (state.kind === 'running' && state.total > 0) {
    return (
      <Text size="xs" c="dimmed">
        Writing {state.done.toLocaleString()} of {state.total.toLocaleString()} checks…
      </Text>
    )
  }
  if (state.kind === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        title="The bundle was not written"
        data-testid="export-error"
      >
        {state.message} Nothing partial was left behind; try again once this is fixed.
      </Alert>
    )
  }
  if (state.kind !== 'done') return null
  return <ExportDone result={state.result} sessionOnly={sessionOnly} />
}

type WrittenBundle = Extract<CaseExport['state'], { kind: 'done' }>['result']

/**
 * News that goes by itself (the trail's `exported` entry keeps the bundle's hash and signer),
 * unless it asks for something: a bundle signed with a session-only key stays until dismissed.
 */
function ExportDone({ result, sessionOnly }: { result: WrittenBundle; sessionOnly: boolean }) {
  const [open, setOpen] = useState(true)
  const holding = useAutoDismiss(open && !sessionOnly ? result.sha256 : null, () => setOpen(false))
  if (!open) return null
  return (
    <Alert
      color="green"
      variant="light"
      title="Evidence bundle written"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setOpen(false)}
      {...holding}
      data-testid="export-done"
    >
      <Text size="sm">
        {result.delivery.kind === 'saved'
          ? `Saved to ${result.delivery.path}`
          : `Downloaded as “${result.fileName}”`}{' '}
        — {result.files} files, {formatBytes(result.bytes)}.
      </Text>
      <Text size="xs" c="dimmed">
        SHA-256 of the ZIP: <Code>{result.sha256}</Code>
      </Text>
      <Text size="xs" c="dimmed" data-testid="export-signer">
        Signed by {shown(result.signer.name)}, key {groupedFingerprint(result.signer.fingerprint)}
      </Text>
      {sessionOnly && (
        <Text size="xs" c="orange.9" data-testid="export-session-key">
          No OS keychain: this bundle is signed with a key for this session only. Give its reviewers
          the fingerprint above; a restart replaces the key.
        </Text>
      )}
    </Alert>
  )
}
