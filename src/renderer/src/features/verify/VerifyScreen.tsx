import { Alert, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core'
import { IconFileCheck, IconShieldCheck, IconShieldX } from '@tabler/icons-react'
import { useState } from 'react'
import { caseStateLabels } from '../../../../shared/cases/caseLabels'
import { closeReviewSentence } from '../../../../shared/evidence/closeReview'
import { closeReviewOfBundle } from '../../../../shared/evidence/reportMeaning'
import { verifyBundle, type BundleVerification } from '../../../../shared/evidence/verifyBundle'
import { verificationFailure } from '../../../../shared/evidence/bundleProblems'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { Timestamp } from '../../components/Timestamp'
import { bundleTrust, importable } from '../../data/cases/caseImport'
import { useIdentity } from '../../data/identity/identityQueries'
import { BundleAuthors } from './BundleAuthors'
import { BundleImport } from './BundleImport'
import { problemLabels } from './problemLabels'
import { SignerSummary } from './SignerSummary'
import { ScreenTitle } from '../../components/ScreenTitle'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'

interface Checked {
  fileName: string
  verification: BundleVerification
  /** How the close was reviewed, in the sentence `npm run verify-bundle` prints; null when open. */
  secondReview: string | null
}

/**
 * Checks an evidence bundle exactly as `npm run verify-bundle` does, in the app, and offers to
 * import a bundle that passes as a read-only case. Nothing from the bundle is written anywhere
 * unless it is imported.
 */
export function VerifyScreen() {
  const [checked, setChecked] = useState<Checked | null>(null)
  const [reading, setReading] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const check = async (file: File | null) => {
    if (!file) return
    setReading(true)
    setFailure(null)
    try {
      const verification = verifyBundle(new Uint8Array(await file.arrayBuffer()))
      // Judged once per bundle: it replays the team's entries, which a render need not repeat.
      const review =
        verification.manifest && closeReviewOfBundle(verification.files, verification.manifest)
      setChecked({
        fileName: file.name,
        verification,
        secondReview: review ? closeReviewSentence(review) : null,
      })
    } catch (error) {
      setFailure(
        `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
      )
    } finally {
      setReading(false)
    }
  }

  const result = checked?.verification
  const manifest = result?.manifest
  const identity = useIdentity().data
  const knownSigner =
    result !== undefined &&
    identity !== undefined &&
    bundleTrust(result, { own: identity.signingKey, trusted: identity.trustedSigners }) !==
      'unknown'
  return (
    <Stack gap="md" maw={960} data-testid="verify-screen">
      <Stack gap={2}>
        <ScreenTitle size="h4">Verify an evidence bundle</ScreenTitle>
        <Text size="sm" c="dimmed">
          Checks the investigator’s signature over the manifest, every file against the SHA-256 and
          size the manifest lists, that the decisions and the case’s state agree with its audit
          trail, and refuses entries whose path would leave the bundle. The same check runs on the
          command line: npm run verify-bundle -- FILE.zip --signer FINGERPRINT
        </Text>
      </Stack>
      <Group>
        <FileButton onChange={(file) => void check(file)} accept=".zip,application/zip">
          {(props) => (
            <Button
              {...props}
              leftSection={<IconFileCheck size={16} />}
              loading={reading}
              data-testid="verify-choose"
            >
              Choose a bundle…
            </Button>
          )}
        </FileButton>
        {checked && (
          <Text size="sm" ff="monospace" data-testid="verify-file-name">
            {shown(checked.fileName)}
          </Text>
        )}
      </Group>
      {failure && (
        <Alert color="red" variant="light">
          {failure}
        </Alert>
      )}
      {result && (
        <Alert
          color={result.ok ? (knownSigner ? 'green' : 'orange') : 'red'}
          variant={result.ok ? 'light' : 'filled'}
          icon={result.ok ? <IconShieldCheck size={20} /> : <IconShieldX size={20} />}
          title={
            result.ok
              ? knownSigner
                ? 'Verified: the bundle is exactly as its signer exported it'
                : 'Intact and signed, but by a key this computer does not know'
              : `Verification failed: ${verificationFailure(result.problems)}`
          }
          data-testid="verify-result"
          data-ok={result.ok}
        >
          {result.ok
            ? `The signature over the manifest is valid, all ${formatNumber(result.matched)} listed files match their SHA-256 and size, nothing was added, the audit trail's chain is intact and the decisions and state agree with it.${manifest?.team ? ' Each entry of this shared case is signed by its author’s key, as the team’s roster in the bundle publishes it, and the trail is what those entries say.' : ''}${knownSigner ? '' : ' Compare the signer’s fingerprint below with the one they gave you before relying on it.'}`
            : `${countOf(result.problems.length, noun('problem'))} found${manifest ? `; ${formatNumber(result.matched)} of ${countOf(manifest.files.length, noun('listed file'))} ${result.matched === 1 ? 'matches' : 'match'}` : ''}. Do not rely on this bundle as evidence.`}
        </Alert>
      )}
      {result && result.problems.length > 0 && (
        <Table withTableBorder verticalSpacing={6} data-testid="verify-problems">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={150}>Problem</Table.Th>
              <Table.Th w="28%">File</Table.Th>
              <Table.Th>Detail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.problems.map((problem, index) => (
              <Table.Tr key={index} data-testid="verify-problem" data-kind={problem.kind}>
                <Table.Td fw={600} c="red">
                  {problemLabels[problem.kind]}
                </Table.Td>
                <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                  {problem.path === undefined ? '—' : shown(problem.path)}
                </Table.Td>
                <Table.Td fz="sm">{shown(problem.detail)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {manifest && (
        <Table withTableBorder verticalSpacing={4} data-testid="verify-manifest">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td w={200} c="dimmed">
                Signed by
              </Table.Td>
              <Table.Td>
                <SignerSummary verification={result} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td c="dimmed">Case</Table.Td>
              <Table.Td>
                {shown(manifest.case.title)} ({caseStateLabels[manifest.case.state]})
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td c="dimmed">Subject</Table.Td>
              <Table.Td>{shown(manifest.case.subject)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td c="dimmed">Exported</Table.Td>
              <Table.Td>
                <Timestamp iso={manifest.createdAt} /> by {shown(manifest.exporter.app)}{' '}
                {shown(manifest.exporter.appVersion)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td c="dimmed">Contents</Table.Td>
              <Table.Td>
                {[
                  countOf(manifest.counts.checks, noun('check')),
                  countOf(manifest.counts.hits, noun('hit')),
                  countOf(manifest.counts.decisions, noun('decision')),
                  countOf(manifest.counts.entities, noun('entity', 'entities')),
                  countOf(manifest.counts.notes, noun('note')),
                  countOf(manifest.auditTrail.entries, noun('audit entry', 'audit entries')),
                ].join(', ')}
              </Table.Td>
            </Table.Tr>
            {manifest.team && (
              <Table.Tr>
                <Table.Td c="dimmed">
                  Authors (a shared case: each entry signed by its author’s key)
                </Table.Td>
                <Table.Td>
                  <BundleAuthors authors={manifest.team.authors} />
                </Table.Td>
              </Table.Tr>
            )}
            {manifest.team?.admins && (
              <Table.Tr>
                <Table.Td c="dimmed">Team admins</Table.Td>
                <Table.Td data-testid="verify-team-admins">
                  {manifest.team.admins.map(shown).join(', ') || 'none'} (as the signer states the
                  team server’s configuration names them)
                </Table.Td>
              </Table.Tr>
            )}
            {checked?.secondReview && (
              <Table.Tr>
                <Table.Td c="dimmed">Second review</Table.Td>
                <Table.Td data-testid="verify-second-review">
                  {shown(checked.secondReview)}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
      {checked && result && importable(result) && (
        <BundleImport fileName={checked.fileName} verification={result} />
      )}
    </Stack>
  )
}
