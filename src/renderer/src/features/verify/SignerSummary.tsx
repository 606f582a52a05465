import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { IconUserCheck } from '@tabler/icons-react'
import { useState } from 'react'
import type { SignatureCheck } from '../../../../shared/evidence/bundleSignature'
import { groupedFingerprint } from '../../../../shared/identity/investigator'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { bundleTrust } from '../../data/cases/caseImport'
import { useIdentity } from '../../data/identity/identityQueries'
import type { BundleVerification } from '../../../../shared/evidence/verifyBundle'
import { TrustSignerDialog } from './TrustSignerDialog'

const trustBadges = {
  own: { label: 'Your own key', color: 'green' },
  trusted: { label: 'Trusted signer', color: 'green' },
  unknown: { label: 'Unknown signer: not in your trusted signers', color: 'orange' },
  unsigned: { label: 'Not signed', color: 'red' },
} as const

function signatureSentence(signature: SignatureCheck): string {
  if (signature.status === 'valid') return 'Valid Ed25519 signature over manifest.json'
  if (signature.status === 'invalid') return 'The signature does NOT hold (see the problems above)'
  return 'No signature: nothing shows who made this bundle'
}

/** Who signed the bundle, whether the signature holds, and whether this computer knows the key. */
export function SignerSummary({ verification }: { verification: BundleVerification }) {
  const identity = useIdentity().data
  const [trusting, setTrusting] = useState(false)
  const { signature } = verification
  const signer = signature.status === 'unsigned' ? null : signature.signer
  const trust = identity
    ? bundleTrust(verification, { own: identity.signingKey, trusted: identity.trustedSigners })
    : null
  const badge = signature.status === 'invalid' ? trustBadges.unsigned : trust && trustBadges[trust]
  return (
    <Stack gap={4} data-testid="verify-signer" data-trust={trust ?? ''}>
      {signer ? (
        <Text size="sm">
          <strong>{shown(signer.name)}</strong> &lt;{shown(signer.email)}&gt;,{' '}
          {shown(signer.organisation)}
        </Text>
      ) : (
        <Text size="sm">Nobody</Text>
      )}
      {signer && (
        <Text size="sm" ff="monospace" data-testid="verify-signer-fingerprint">
          {groupedFingerprint(signer.fingerprint)}
        </Text>
      )}
      <Group gap="xs">
        {badge && (
          <Badge color={badge.color} variant="light" radius="sm" size="md" tt="none">
            {signature.status === 'invalid' ? 'Signature not valid' : badge.label}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {signatureSentence(signature)}
        </Text>
      </Group>
      {signature.status === 'valid' && trust === 'unknown' && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUserCheck size={14} />}
            onClick={() => setTrusting(true)}
            data-testid="verify-trust-signer"
          >
            Trust this signer…
          </Button>
          <Text size="xs" c="dimmed">
            You will be asked for the fingerprint the signer gave you.
          </Text>
          {trusting && (
            <TrustSignerDialog
              signer={signature.signer}
              keyFrom="This bundle’s key"
              onClose={() => setTrusting(false)}
            />
          )}
        </Group>
      )}
    </Stack>
  )
}
