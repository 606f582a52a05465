import { Code, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import {
  groupedFingerprint,
  normaliseFingerprint,
  type Signer,
} from '../../../../shared/identity/investigator'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { ModalActions } from '../../components/ModalActions'
import { useIdentityChange } from '../../data/identity/identityQueries'

/**
 * Trusting a signer's key on purpose, wherever the key came from (a bundle on Verify, a key pasted
 * in Settings): the user types or pastes the fingerprint the signer gave them another way (in
 * person, by phone), compared once normalised (spaces, colons and capitals aside); the key's own
 * fingerprint proves nothing, so it is shown only to read aloud. `keyFrom` names where the key
 * came from ("This bundle’s key"); `onTrusted` runs once it is trusted, before the dialog closes.
 */
export function TrustSignerDialog({
  signer,
  keyFrom,
  onClose,
  onTrusted = () => undefined,
}: {
  signer: Signer
  keyFrom: string
  onClose: () => void
  onTrusted?: () => void
}) {
  const change = useIdentityChange()
  const [typed, setTyped] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const trust = () => {
    if (normaliseFingerprint(typed) !== signer.fingerprint) {
      return setFailure(
        typed.trim() === ''
          ? 'Type or paste the fingerprint the signer gave you: nothing was trusted.'
          : 'That is not this key’s fingerprint: nothing was trusted. Ask the signer for it again, by a channel you trust.',
      )
    }
    change.mutate(
      () =>
        callBridge('identity.trustSigner', {
          publicKey: signer.publicKey,
          investigator: {
            name: signer.name,
            email: signer.email,
            organisation: signer.organisation,
          },
          fingerprint: typed,
        }),
      {
        onSuccess: () => {
          onTrusted()
          onClose()
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    )
  }
  return (
    <Modal opened onClose={onClose} title="Trust this signer?" size="lg">
      <Stack gap="sm" data-testid="trust-signer-dialog">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Bundles and backups signed by <strong>{shown(signer.name)}</strong> &lt;
          {shown(signer.email)}&gt;, {shown(signer.organisation)} would be taken as trusted. Anyone
          can put a name to a key: trust it only if its fingerprint is the one the signer gave you
          another way (in person, by phone, in a letter).
        </Text>
        <Text size="sm">
          {keyFrom}:{' '}
          <Code data-testid="trust-signer-bundle-fingerprint">
            {groupedFingerprint(signer.fingerprint)}
          </Code>
        </Text>
        <TextInput
          label="Fingerprint the signer gave you"
          description="Type or paste it; spaces, colons and capitals do not matter."
          placeholder="3f2a 9c1b …"
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value)
            setFailure(null)
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          autoComplete="off"
          data-autofocus
          data-testid="trust-signer-fingerprint"
        />
        <ModalActions
          failure={failure}
          onCancel={onClose}
          confirm={{ label: 'Trust this signer', onClick: trust, testId: 'trust-signer-confirm' }}
        />
      </Stack>
    </Modal>
  )
}
