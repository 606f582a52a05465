import { Alert, Button, Group, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState } from 'react'
import type { BundleVerification } from '../../../../shared/evidence/verifyBundle'
import { caseErrorMessage } from '../cases/caseErrorMessage'
import { CaseAlreadyImportedError, caseImport } from '../../data/cases/caseImport'
import { useNavigate } from '@tanstack/react-router'

type ImportState =
  | { kind: 'idle' }
  | { kind: 'confirm-replace'; message: string }
  | { kind: 'imported'; caseId: string; title: string }
  | { kind: 'failed'; message: string }

/** Imports a verified bundle as a read-only case, asking before it replaces an earlier import. */
export function BundleImport({
  fileName,
  verification,
}: {
  fileName: string
  verification: BundleVerification
}) {
  const [state, setState] = useState<ImportState>({ kind: 'idle' })
  const run = async (replace: boolean) => {
    try {
      const imported = await caseImport.importBundle(verification, fileName, { replace })
      setState({ kind: 'imported', caseId: imported.id, title: imported.title })
    } catch (error) {
      setState(
        error instanceof CaseAlreadyImportedError
          ? { kind: 'confirm-replace', message: error.message }
          : { kind: 'failed', message: caseErrorMessage(error) },
      )
    }
  }
  const navigate = useNavigate()
  const openCase = (caseId: string) => void navigate({ to: '/cases/$caseId', params: { caseId } })
  if (state.kind === 'imported') {
    return (
      <Alert
        color="green"
        variant="light"
        title="Imported as a read-only case"
        data-testid="import-done"
      >
        <Group justify="space-between">
          <Text size="sm">“{state.title}” is now in Cases, marked as imported.</Text>
          <Button size="xs" onClick={() => openCase(state.caseId)} data-testid="import-open-case">
            Open the case
          </Button>
        </Group>
      </Alert>
    )
  }
  return (
    <Group>
      {state.kind === 'confirm-replace' ? (
        <Alert color="orange" variant="light" title="Already imported" style={{ flex: 1 }}>
          <Group justify="space-between">
            <Text size="sm">{state.message}</Text>
            <Button
              size="xs"
              color="orange"
              onClick={() => void run(true)}
              data-testid="import-replace"
            >
              Replace it
            </Button>
          </Group>
        </Alert>
      ) : (
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => void run(false)}
          data-testid="import-bundle"
        >
          Import as a read-only case
        </Button>
      )}
      {state.kind === 'failed' && (
        <Text size="sm" c="red">
          {state.message}
        </Text>
      )}
    </Group>
  )
}
