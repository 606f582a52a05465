import { Stack, Text } from '@mantine/core'
import type { TeamAuthor } from '../../../../shared/evidence/bundleFormat'
import { groupedFingerprint } from '../../../../shared/identity/investigator'
import { countOf, noun } from '../../../../shared/text/counting'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'

/**
 * Everyone who wrote in a shared case, each with the key that signed their entries: what a
 * reviewer compares with the fingerprints the team gave them, as they would the signer's.
 */
export function BundleAuthors({ authors }: { authors: readonly TeamAuthor[] }) {
  return (
    <Stack gap={4} data-testid="verify-authors">
      {authors.map(({ member, author, entries }) => (
        <div key={`${member}/${author.fingerprint}`} data-testid="verify-author">
          <Text size="sm">
            <strong>{shown(author.name)}</strong> &lt;{shown(author.email)}&gt;,{' '}
            {shown(author.organisation)} · team member {shown(member)} ·{' '}
            {countOf(entries, noun('entry', 'entries'))}
          </Text>
          <Text size="sm" ff="monospace">
            {groupedFingerprint(author.fingerprint)}
          </Text>
        </div>
      ))}
    </Stack>
  )
}
