import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { caseOutcomeLabels, caseStateLabels } from '../../../../shared/cases/caseLabels'
import { caseOutcomes, caseStates } from '../../../../shared/cases/caseSchemas'
import type { CaseListFilters as Filters } from '../../data/cases/caseListSelection'
import { caseQueueLabels, caseQueues } from '../../data/cases/caseQueues'
import { casesActions } from './store'

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
const queueOptions = [
  { value: 'all', label: 'Any case' },
  ...caseQueues.map((queue) => ({ value: queue, label: caseQueueLabels[queue] })),
]

const selects = {
  state: { label: 'State', data: stateOptions, grow: 1 },
  outcome: { label: 'Outcome', data: outcomeOptions, grow: 1 },
  sort: { label: 'Sort by', data: sortOptions, grow: 1 },
  // "Waiting for my review" takes more room than "Last changed".
  queue: { label: 'Team', data: queueOptions, grow: 1.3 },
} as const

/**
 * The case list's search, its filters and its order; on a desk in a team, also the team's queues
 * of shared cases. `children` says how many cases the filters leave, beside the button that
 * clears them.
 */
export function CaseListFilters({
  filters,
  inTeam,
  children,
}: {
  filters: Filters
  inTeam: boolean
  children: ReactNode
}) {
  const selectOf = (key: keyof typeof selects) => (
    <NativeSelect
      key={key}
      label={selects[key].label}
      size="xs"
      style={{ flex: selects[key].grow, minWidth: 0 }}
      data={selects[key].data}
      value={filters[key]}
      onChange={(event) =>
        casesActions.setListFilter(key, event.currentTarget.value as Filters[typeof key])
      }
    />
  )
  const filtered =
    filters.text !== '' ||
    filters.state !== 'all' ||
    filters.outcome !== 'all' ||
    (inTeam && filters.queue !== 'all')
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
        {selectOf('state')}
        {selectOf('outcome')}
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-end">
        {inTeam && selectOf('queue')}
        {selectOf('sort')}
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" mih={22}>
        {children}
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={!filtered}
          onClick={casesActions.clearListFilters}
        >
          Clear filters
        </Button>
      </Group>
    </Stack>
  )
}
