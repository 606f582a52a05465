import { Alert, Button, Card, Group, Text } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { IconDownload } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { BundleVerification } from '../../../../shared/evidence/verifyBundle'
import { caseErrorMessage } from '../cases/caseErrorMessage'
import {
  CaseAlreadyImportedError,
  caseImport,
  SignerNotKnownError,
} from '../../data/cases/caseImport'
import { noInvestigatorMessage } from '../../data/cases/useCaseActions'
import { useIdentity } from '../../data/identity/identityQueries'
import { actorOfIdentity } from '../../../../shared/identity/investigator'
import { WhoWorksHere } from '../cases/WhoWorksHere'

type ImportState =
  | { kind: 'idle' }
  | { kind: 'confirm-replace'; message: string }
  | { kind: 'confirm-signer'; message: string }
  | { kind: 'imported'; caseId: string; title: string }
  | { kind: 'failed'; message: string }

interface Consent {
  replace: boolean
  acceptUnknownSigner: boolean
}

/**
 * Imports a verified bundle as a read-only case. It asks first before it replaces an earlier
 * import, and before it takes a bundle whose signer this computer does not know (or that is not
 * signed): the case then says so.
 */
export function BundleImport({
  fileName,
  verification,
}: {
  fileName: string
  verification: BundleVerification
}) {
  const [state, setState] = useState<ImportState>({ kind: 'idle' })
  const [consent, setConsent] = useState<Consent>({ replace: false, acceptUnknownSigner: false })
  const identity = useIdentity().data
  const run = async (given: Consent) => {
    setConsent(given)
    const importer = actorOfIdentity(identity)
    if (!identity || !importer) {
      setState({ kind: 'failed', message: noInvestigatorMessage })
      return
    }
    try {
      const imported = await caseImport.importBundle(verification, fileName, {
        ...given,
        importer,
        known: { own: identity.signingKey, trusted: identity.trustedSigners },
      })
      setState({ kind: 'imported', caseId: imported.id, title: imported.title })
    } catch (error) {
      setState(
        error instanceof CaseAlreadyImportedError
          ? { kind: 'confirm-replace', message: error.message }
          : error instanceof SignerNotKnownError
            ? { kind: 'confirm-signer', message: error.message }
            : { kind: 'failed', message: caseErrorMessage(error) },
      )
    }
  }
  const navigate = useNavigate()
  const openCase = (caseId: string) => void navigate({ to: '/cases/$caseId', params: { caseId } })
  if (identity && !identity.investigator) {
    return (
      <Card withBorder radius="sm" padding="md">
        <Text size="sm" fw={600} mb="xs">
          Before you import
        </Text>
        <WhoWorksHere why="The imported case records who imported it, and from which signer." />
      </Card>
    )
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
          <Text size="sm">“{shown(state.title)}” is now in Cases, marked as imported.</Text>
          <Button size="xs" onClick={() => openCase(state.caseId)} data-testid="import-open-case">
            Open the case
          </Button>
        </Group>
      </Alert>
    )
  }
  if (state.kind === 'confirm-replace' || state.kind === 'confirm-signer') {
    const replacing = state.kind === 'confirm-replace'
    return (
      <Alert
        color="orange"
        variant="light"
        title={replacing ? 'Already imported' : 'Signer not known on this computer'}
        data-testid={replacing ? 'import-confirm-replace' : 'import-confirm-signer'}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">{state.message}</Text>
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => setState({ kind: 'idle' })}>
              Cancel
            </Button>
            <Button
              size="xs"
              color="orange"
              onClick={() =>
                void run(
                  replacing
                    ? { ...consent, replace: true }
                    : { ...consent, acceptUnknownSigner: true },
                )
              }
              data-testid={replacing ? 'import-replace' : 'import-anyway'}
            >
              {replacing ? 'Replace it' : 'Import anyway'}
            </Button>
          </Group>
        </Group>
      </Alert>
    )
  }
  return (
    <Group>
      <Button
        variant="light"
        leftSection={<IconDownload size={16} />}
        onClick={() => void run({ replace: false, acceptUnknownSigner: false })}
        data-testid="import-bundle"
      >
        Import as a read-only case
      </Button>
      {state.kind === 'failed' && (
        <Text size="sm" c="red">
          {state.message}
        </Text>
      )}
    </Group>
  )
}
