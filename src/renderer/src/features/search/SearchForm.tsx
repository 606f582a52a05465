import {
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react'
import type { FormEvent, ReactNode } from 'react'
import { useState } from 'react'
import type { AddressCheck } from '../../../../shared/address'
import { cryptoSearchInputSchema } from '../../../../shared/bridge/cryptoContract'
import { formatNumber } from '../../../../shared/text/counting'
import { AddressCheckLine } from './AddressCheckLine'
import { advancedSearchFields, searchActions, searchSelectors, useSearchStore } from './store'

/** The longest query the bridge (and the service) accepts: refused here, before anything is sent. */
const queryLimit = cryptoSearchInputSchema.shape.query.maxLength ?? Infinity

/** Said as soon as the typed identifier is too long, not only when the check is run. */
const queryTooLong = (query: string): string | undefined =>
  query.trim().length > queryLimit
    ? `An identifier has at most ${formatNumber(queryLimit)} characters; this one has ${formatNumber(query.trim().length)}. Nothing has been sent.`
    : undefined

interface SearchFormProps {
  addressCheck: AddressCheck
  billed: boolean
  /** Sample wallets to try, shown on the local sandbox only. */
  samples?: ReactNode
  onSubmit: () => void
  onCancel: () => void
}

export function SearchForm({ addressCheck, billed, samples, onSubmit, onCancel }: SearchFormProps) {
  const query = useSearchStore((state) => state.query)
  const consent = useSearchStore((state) => state.consent)
  const advancedOpen = useSearchStore((state) => state.advancedOpen)
  const advanced = useSearchStore((state) => state.advanced)
  const running = useSearchStore(searchSelectors.isRunning)
  const [attempted, setAttempted] = useState(false)
  const tooLong = queryTooLong(query)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (query.trim() === '' || tooLong || !consent || !addressCheck.valid) return
    onSubmit()
  }

  return (
    <Paper
      withBorder
      radius="sm"
      p="md"
      component="form"
      onSubmit={submit}
      data-testid="search-form"
    >
      <Stack gap="sm">
        <TextInput
          label="Wallet identifier"
          placeholder="e.g. 0x… , bc1… , T…"
          value={query}
          onChange={(event) => searchActions.setQuery(event.currentTarget.value)}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          error={
            tooLong ??
            (attempted && query.trim() === '' ? 'Enter the wallet identifier to check.' : undefined)
          }
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        {samples}
        {!tooLong && <AddressCheckLine check={addressCheck} typed={query} />}
        <Checkbox
          label="The subject has consented to this check"
          description="The service only runs a check with the subject’s consent; it is sent with the request."
          checked={consent}
          onChange={(event) => searchActions.setConsent(event.currentTarget.checked)}
          error={
            attempted && !consent
              ? 'Tick this to confirm consent before running the check.'
              : undefined
          }
        />
        <UnstyledButton onClick={searchActions.toggleAdvanced} aria-expanded={advancedOpen}>
          <Group gap={4}>
            {advancedOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            <Text size="sm" fw={500}>
              Advanced: narrow by person details
            </Text>
          </Group>
        </UnstyledButton>
        <Collapse expanded={advancedOpen}>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
            {advancedSearchFields.map(([field, label]) => (
              <TextInput
                key={field}
                label={label}
                size="xs"
                value={advanced[field]}
                onChange={(event) => searchActions.setAdvanced(field, event.currentTarget.value)}
              />
            ))}
          </SimpleGrid>
        </Collapse>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Type: all entity types
          </Text>
          <Group gap="xs">
            {billed && (
              <Badge color="red" variant="light" radius="sm">
                billed check
              </Badge>
            )}
            {running && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" leftSection={<IconSearch size={16} />} loading={running}>
              Run check
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  )
}
