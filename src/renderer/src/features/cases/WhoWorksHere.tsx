import { Stack, Text } from '@mantine/core'
import { InvestigatorForm } from '../../components/InvestigatorForm'
import { useSaveInvestigator } from '../../data/identity/identityQueries'

/**
 * Asked on first use, where records start to name who made them (the first case, the first
 * import): who works on this computer.
 */
export function WhoWorksHere({ why }: { why: string }) {
  const { save, pending, error } = useSaveInvestigator()
  return (
    <Stack gap="sm" data-testid="investigator-gate">
      <Text size="sm">
        Who is working on this computer? {why} You can change it later in Settings.
      </Text>
      <InvestigatorForm
        current={null}
        submitLabel="Continue"
        onSave={save}
        pending={pending}
        failure={error}
      />
    </Stack>
  )
}
