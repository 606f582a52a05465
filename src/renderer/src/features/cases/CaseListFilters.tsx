import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { caseOutcomeLabels, caseStateLabels } from '../../../../shared/cases/caseLabels'
import { caseOutcomes, caseStates } from '../../../../shared/cases/caseSchemas'
import type { CaseListFilters as Filters } from '../../data/cases/caseListSelection'
import { casesActions, useCasesStore } from './store'

const stateOptions = [
  { value: 'all', label: 'Any state' },
  ...caseStates.map((state) => ({ value: state, label: caseStateLabels[state] })),
]
const outcomeOptions = [
  { value: 'all', label: 'Any outcome' },
  { value: 'with_hits', label: 'With hits' },
  { value: 'to_decide', label: 'Hits to decide' },
  { value: 'true_match', label: 'A true match' },
  { value: 'no_hits', label: 'No hits' },
  ...caseOutcomes.map((outcome) => ({
    value: `closed_${outcome}`,
    label: `Closed: ${caseOutcomeLabels[outcome]}`,
  })),
]
const sortOptions = [
  { value: 'updated', label: 'Last changed' },
  { value: 'created', label: 'Newest' },
  { value: 'title', label: 'Title A–Z' },
]

const selects = [
  { key: 'state', label: 'State', data: stateOptions },
  { key: 'outcome', label: 'Outcome', data: outcomeOptions },
  { key: 'sort', label: 'Sort by', data: sortOptions },
] as const

/** The case list's search, its two filters and its order. */
export function CaseListFilters() {
  const filters = useCasesStore((state) => state.listFilters)
  const selectOf = ({ key, label, data }: (typeof selects)[number]) => (
    <NativeSelect
      key={key}
      label={label}
      size="xs"
      style={{ flex: 1, minWidth: 0 }}
      data={data}
      value={filters[key]}
      onChange={(event) =>
        casesActions.setListFilter(key, event.currentTarget.value as Filters[typeof key])
      }
    />
  )
  return (
    <Stack gap={6} data-testid="case-list-filters">
      <TextInput
        label="Search cases"
        placeholder="Title, subject, number or identifier"
        leftSection={<IconSearch size={14} />}
        size="xs"
        value={filters.text}
        onChange={(event) => casesActions.setListFilter('text', event.currentTarget.value)}
      />
      <Group gap={6} wrap="nowrap" align="flex-end">
        {selects.slice(0, 2).map(selectOf)}
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-end">
        {selects.slice(2).map(selectOf)}
        <Button
          size="xs"
          variant="subtle"
          style={{ flex: 1 }}
          disabled={filters.text === '' && filters.state === 'all' && filters.outcome === 'all'}
          onClick={casesActions.clearListFilters}
        >
          Clear filters
        </Button>
      </Group>
    </Stack>
  )
}
