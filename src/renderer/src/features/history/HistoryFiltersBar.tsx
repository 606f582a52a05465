import { Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import type { ChangeEvent } from 'react'
import { environmentIds, environmentLabels } from '../../../../shared/environments'
import { categoryLabel, orderedCategories } from '../../components/checkLabels'
import { historyActions, useHistoryStore } from './store'
import type { CheckFilters } from '../../data/checks/checkSelection'

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
  { key: 'environment', label: 'Environment', width: 160, data: environmentOptions },
  { key: 'outcome', label: 'Outcome', width: 170, data: outcomeOptions },
  { key: 'status', label: 'Status', width: 150, data: statusOptions },
  { key: 'category', label: 'Category', width: 200, data: categoryOptions },
] as const

export function HistoryFiltersBar() {
  const filters = useHistoryStore((state) => state.filters)
  const select =
    <K extends 'environment' | 'outcome' | 'status' | 'category'>(key: K) =>
    (event: ChangeEvent<HTMLSelectElement>) =>
      historyActions.setFilter(key, event.currentTarget.value as CheckFilters[K])
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="history-filters">
      <TextInput
        label="Search"
        placeholder="Identifier, title, dataset or topic"
        leftSection={<IconSearch size={14} />}
        value={filters.text}
        onChange={(event) => historyActions.setFilter('text', event.currentTarget.value)}
        w={230}
        size="xs"
        aria-label="Search history"
      />
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
      <TextInput
        label="From"
        type="date"
        size="xs"
        w={140}
        value={filters.from}
        onChange={(event) => historyActions.setFilter('from', event.currentTarget.value)}
      />
      <TextInput
        label="To"
        type="date"
        size="xs"
        w={140}
        value={filters.to}
        onChange={(event) => historyActions.setFilter('to', event.currentTarget.value)}
      />
      <Button size="xs" variant="subtle" onClick={historyActions.clearFilters}>
        Clear filters
      </Button>
    </Group>
  )
}
