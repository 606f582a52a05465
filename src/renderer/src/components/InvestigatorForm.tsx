import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { investigatorSchema, type Investigator } from '../../../shared/identity/investigator'
import { zodFormResolver } from './zodFormResolver'

const validate = zodFormResolver(investigatorSchema, {
  name: 'Your name',
  email: 'Your e-mail',
  organisation: 'Your organisation',
})

/**
 * Who works on this computer: every case change, decision, note and export names them, and
 * every bundle they export is signed with their key.
 */
export function InvestigatorForm({
  current,
  submitLabel,
  onSave,
  pending,
  failure,
}: {
  current: Investigator | null
  submitLabel: string
  onSave: (investigator: Investigator) => Promise<unknown>
  pending: boolean
  failure: string | null
}) {
  const form = useForm<Investigator>({
    initialValues: current ?? { name: '', email: '', organisation: '' },
    validate,
  })
  const save = (investigator: Investigator) =>
    onSave(investigatorSchema.parse(investigator)).then(
      () => form.resetDirty(investigator),
      () => undefined,
    )
  return (
    <form
      onSubmit={form.onSubmit((values) => void save(values))}
      noValidate
      data-testid="investigator-form"
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label="Name"
            autoComplete="name"
            {...form.getInputProps('name')}
            data-testid="investigator-name"
          />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            data-testid="investigator-email"
          />
          <TextInput
            label="Organisation"
            autoComplete="organization"
            {...form.getInputProps('organisation')}
            data-testid="investigator-organisation"
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={pending}
            disabled={current !== null && !form.isDirty()}
            data-testid="investigator-save"
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
