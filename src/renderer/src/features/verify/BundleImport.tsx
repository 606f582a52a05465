import { Alert, Button, Group, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState } from 'react'
import type { BundleVerification } from '../../../../shared/evidence/verifyBundle'
import { appDatabase } from '../../db/appDatabase'
import { caseErrorMessage } from '../cases/caseErrorMessage'
import { CaseAlreadyImportedError, importBundle } from '../cases/importBundle'
import { casesActions } from '../cases/store'
import { shellActions } from '../shell/store'

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
      const imported = await importBundle(appDatabase, verification, fileName, { replace })
      setState({ kind: 'imported', caseId: imported.id, title: imported.title })
    } catch (error) {
      setState(
        error instanceof CaseAlreadyImportedError
          ? { kind: 'confirm-replace', message: error.message }
          : { kind: 'failed', message: caseErrorMessage(error) },
      )
    }
  }
  const openCase = (caseId: string) => {
    casesActions.openCase(caseId)
    shellActions.show('cases')
  }
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
