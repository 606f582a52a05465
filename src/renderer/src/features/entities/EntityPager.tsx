import { Button, Group, Select, Text } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { entityPageSizes } from '../../../../shared/bridge/entitiesContract'
import type { CachedPageView } from '../../data/entities/entityRepository'
import { useNavigate } from '@tanstack/react-router'

interface EntityPagerProps {
  page: number
  limit: number
  cached: CachedPageView | null | undefined
}

export function EntityPager({ page, limit, cached }: EntityPagerProps) {
  const navigate = useNavigate()
  // Each page has its address, so Back returns to the page the user came from.
  const showPage = (next: number, rows: number) =>
    void navigate({ to: '/entities', search: { page: Math.max(1, next), limit: rows } })
  const total = cached?.total
  const first = cached && cached.items.length > 0 ? (page - 1) * limit + 1 : 0
  const last = cached ? first + cached.items.length - Math.min(1, cached.items.length) : 0
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / limit))
  return (
    <Group justify="space-between" px="md" py={8} data-testid="entity-pager">
      <Text size="sm" c="dimmed" data-testid="entity-range">
        {total === undefined
          ? 'Not fetched yet'
          : `Rows ${first}–${last} of ${total.toLocaleString()}`}
      </Text>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Rows per page
        </Text>
        <Select
          aria-label="Rows per page"
          size="xs"
          w={80}
          data={entityPageSizes.map(String)}
          value={String(limit)}
          allowDeselect={false}
          onChange={(value) => value && showPage(1, Number(value))}
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconChevronLeft size={14} />}
          disabled={page <= 1}
          onClick={() => showPage(page - 1, limit)}
        >
          Previous
        </Button>
        <Text size="sm" data-testid="entity-page-label">
          Page {page}
          {pages === undefined ? '' : ` of ${pages}`}
        </Text>
        <Button
          size="xs"
          variant="default"
          rightSection={<IconChevronRight size={14} />}
          disabled={!cached?.hasNext}
          onClick={() => showPage(page + 1, limit)}
        >
          Next
        </Button>
      </Group>
    </Group>
  )
}
