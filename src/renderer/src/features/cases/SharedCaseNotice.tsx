import { Alert, Group, List, Stack, Text } from '@mantine/core'
import { IconUsers } from '@tabler/icons-react'
import { useSharedCase } from '../../data/cases/sharedCaseQueries'
import { authorsLine, disagreementWords } from './sharedCaseWords'

/**
 * A shared case says so, and who wrote in it; where colleagues said different things without
 * knowing of each other, both sides show until someone settles it; entries not applied say why.
 */
export function SharedCaseNotice({ caseId }: { caseId: string }) {
  const shared = useSharedCase(caseId)
  if (!shared) return null
  return (
    <Stack gap={6} data-testid="shared-case">
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconUsers size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" data-testid="shared-case-authors">
          Shared with the team · {authorsLine(shared.authors)}
        </Text>
      </Group>
      {shared.disagreements.map((disagreement, index) => {
        const words = disagreementWords(disagreement)
        return (
          <Alert
            key={`${disagreement.kind}-${index}`}
            color="orange"
            variant="light"
            title={words.about}
            data-testid="shared-case-disagreement"
          >
            <List size="sm" spacing={2}>
              {words.sides.map((side) => (
                <List.Item key={side}>{side}</List.Item>
              ))}
            </List>
            <Text size="sm" mt={4} data-testid="shared-case-disagreement-settle">
              {words.settle}
            </Text>
          </Alert>
        )
      })}
      {(shared.setAside.length > 0 || shared.missingChecks.length > 0) && (
        <Alert color="yellow" variant="light" data-testid="shared-case-set-aside">
          {shared.setAside.map((sentence) => (
            <Text size="sm" key={sentence}>
              {sentence}.
            </Text>
          ))}
          {shared.missingChecks.length > 0 && (
            <Text size="sm">
              {shared.missingChecks.length === 1
                ? '1 linked check has not arrived with its raw answer yet'
                : `${shared.missingChecks.length} linked checks have not arrived with their raw answers yet`}
              : they show once replication brings them.
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  )
}
