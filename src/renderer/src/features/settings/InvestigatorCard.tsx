import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core'
import { groupedFingerprint } from '../../../../shared/identity/investigator'
import { CopyValue } from '../../components/CopyValue'
import { InvestigatorForm } from '../../components/InvestigatorForm'
import { useIdentity, useSaveInvestigator } from '../../data/identity/identityQueries'
import { wholeIdentifierStyle } from '../../components/wholeIdentifier'

/** Who works on this computer and the key that signs what they export. */
export function InvestigatorCard() {
  const identity = useIdentity().data
  const { save, pending, error } = useSaveInvestigator()
  if (!identity) return null
  const { investigator, signingKey } = identity
  const sessionOnly = signingKey.storage === 'session-only'
  return (
    <Card withBorder radius="sm" padding="md" data-testid="investigator-card">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Investigator</Text>
          <Text size="sm" c="dimmed">
            Who works on this computer. Every case change, decision, note and export records it, and
            every evidence bundle is signed with this investigator’s key.
          </Text>
        </div>
        <InvestigatorForm
          key={investigator ? 'saved' : 'new'}
          current={investigator}
          submitLabel={investigator ? 'Save changes' : 'Save'}
          onSave={save}
          pending={pending}
          failure={error}
        />
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              Signing key
            </Text>
            <Badge variant="light" color={sessionOnly ? 'orange' : 'gray'} radius="sm" size="md">
              Ed25519 · {sessionOnly ? 'this session only' : 'in the OS keychain'}
            </Badge>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text size="sm">Fingerprint</Text>
            <Text size="sm" ff="monospace" data-testid="signing-fingerprint">
              {groupedFingerprint(signingKey.fingerprint)}
            </Text>
            <CopyValue value={signingKey.fingerprint} label="Copy the fingerprint" />
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Text size="sm">Public key</Text>
            <Text
              size="sm"
              ff="monospace"
              style={wholeIdentifierStyle}
              data-testid="signing-public-key"
            >
              {signingKey.publicKey}
            </Text>
            <CopyValue value={signingKey.publicKey} label="Copy the public key" />
          </Group>
          {sessionOnly ? (
            <Alert color="orange" variant="light" data-testid="signing-key-session">
              {signingKey.detail} Give reviewers the fingerprint of each bundle you send.
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {signingKey.detail} Give colleagues and reviewers the fingerprint or public key so
              they can check that a bundle is yours.
            </Text>
          )}
        </Stack>
      </Stack>
    </Card>
  )
}
