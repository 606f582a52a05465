import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import type { ChangeEvent } from 'react'
import { environmentIds, environmentLabels } from '../../../../shared/environments'
import { categoryLabel, orderedCategories } from '../../components/checkLabels'
import { historyActions, useHistoryStore } from './store'
import { searchOfFilters } from './historyAddress'
import { filtersProblem, textHint, type CheckFilters } from '../../data/checks/checkSelection'
import { useChecksAwaitingTerms } from '../../data/checks/checkQueries'
import { countOf, noun, nounFor } from '../../../../shared/text/counting'

const environmentOptions = [
  { value: 'all', label: 'All environments' },
  ...environmentIds.map((id) => ({ value: id, label: environmentLabels[id] })),
]
const statusOptions = [
  { value: 'all', label: 'Any status' },
  { value: 'review_required', label: 'Review required' },
  { value: 'no_match', label: 'No match' },
]
const outcomeOptions = [
  { value: 'all', label: 'Any outcome' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
  { value: 'unknown', label: 'Outcome unknown' },
]
const categoryOptions = [
  { value: 'all', label: 'Any category' },
  ...orderedCategories([]).map((category) => ({
    value: category,
    label: `Hits in ${categoryLabel(category)}`,
  })),
]

const selects = [
  { key: 'environment', label: 'Environment', width: 150, data: environmentOptions },
  { key: 'outcome', label: 'Outcome', width: 170, data: outcomeOptions },
  { key: 'status', label: 'Status', width: 140, data: statusOptions },
  { key: 'category', label: 'Category', width: 200, data: categoryOptions },
] as const

export function HistoryFiltersBar() {
  const filters = useHistoryStore((state) => state.filters)
  const select =
    <K extends 'environment' | 'outcome' | 'status' | 'category'>(key: K) =>
    (event: ChangeEvent<HTMLSelectElement>) =>
      historyActions.setFilter(key, event.currentTarget.value as CheckFilters[K])
  const problem = filtersProblem(filters)
  const hint = textHint(filters.text)
  const awaiting = useChecksAwaitingTerms() ?? 0
  // Any filter set, even text too short to look anything up: clearing it still changes the screen.
  const filtered = Object.keys(searchOfFilters(filters)).length > 0
  const dateInput = (key: 'from' | 'to', label: string) => (
    <TextInput
      label={label}
      type="date"
      size="xs"
      w={135}
      value={filters[key]}
      error={problem !== null}
      aria-describedby={problem ? 'history-range-problem' : undefined}
      onChange={(event) => historyActions.setFilter(key, event.currentTarget.value)}
    />
  )
  // Two lines on purpose, at every width from 1024 px: what is typed and when, then the lists.
  return (
    <Stack gap={6} data-testid="history-filters">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Search"
          placeholder="Any part of an identifier, a title, dataset or topic"
          leftSection={<IconSearch size={14} />}
          value={filters.text}
          onChange={(event) => historyActions.setFilter('text', event.currentTarget.value)}
          miw={240}
          maw={460}
          style={{ flex: 1 }}
          size="xs"
          aria-label="Search history"
          aria-describedby="history-text-hint"
        />
        {dateInput('from', 'From')}
        {dateInput('to', 'To')}
        <Button
          size="xs"
          variant="subtle"
          disabled={!filtered}
          onClick={historyActions.clearFilters}
        >
          Clear filters
        </Button>
      </Group>
      <Text id="history-text-hint" size="xs" c="dimmed" data-testid="history-text-hint">
        {hint ?? 'Finds text anywhere inside identifiers, and datasets and topics by code or name.'}
        {awaiting > 0 &&
          ` ${countOf(awaiting, noun('check'))} ${nounFor(awaiting, noun('is', 'are'))} still being indexed (restored from a backup, or screened in the background): the search finds them once that is done.`}
      </Text>
      {problem && (
        <Text
          id="history-range-problem"
          size="sm"
          c="red.8"
          role="alert"
          data-testid="history-range-problem"
        >
          {problem}
        </Text>
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        {selects.map(({ key, label, width, data }) => (
          <NativeSelect
            key={key}
            label={label}
            size="xs"
            w={width}
            data={data}
            value={filters[key]}
            onChange={select(key)}
          />
        ))}
      </Group>
    </Stack>
  )
}
