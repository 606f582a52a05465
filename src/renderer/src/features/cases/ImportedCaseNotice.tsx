import { Alert, Text } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { IconLock } from '@tabler/icons-react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { groupedFingerprint } from '../../../../shared/identity/investigator'
import { ActorName } from '../../components/ActorName'
import { Timestamp } from '../../components/Timestamp'

type Origin = NonNullable<CaseRecord['origin']>

const trustSentences: Record<NonNullable<Origin['signerTrust']>, string> = {
  own: 'signed with this computer’s own key',
  trusted: 'signed by a trusted signer',
  unknown: 'signed by a key this computer did not know; imported after a warning',
  unsigned: 'NOT signed; imported after a warning',
}

/** Where an imported case came from, who signed it and how far that signer was known. */
export function ImportedCaseNotice({ origin }: { origin: Origin }) {
  const doubtful = origin.signerTrust === 'unknown' || origin.signerTrust === 'unsigned'
  return (
    <Alert
      color={doubtful ? 'orange' : 'gray'}
      variant="light"
      icon={<IconLock size={18} />}
      title="Read-only: imported from a bundle"
      data-testid="case-imported"
      data-trust={origin.signerTrust ?? ''}
    >
      From “{shown(origin.fileName)}”, exported <Timestamp iso={origin.exportedAt} size="sm" />,
      imported <Timestamp iso={origin.importedAt} size="sm" />
      {origin.importedBy && (
        <>
          {' '}
          by <ActorName actor={origin.importedBy} size="sm" />
        </>
      )}
      . Manifest SHA-256{' '}
      <Text span ff="monospace" size="xs">
        {origin.manifestSha256.slice(0, 16)}…
      </Text>
      {origin.signerTrust && (
        <Text size="sm" mt={4}>
          {origin.signer
            ? `Signed by ${shown(origin.signer.name)} <${shown(origin.signer.email)}>, ${shown(origin.signer.organisation)} (key ${groupedFingerprint(origin.signer.fingerprint)}): `
            : 'The bundle was '}
          {trustSentences[origin.signerTrust]}.
        </Text>
      )}
    </Alert>
  )
}
