import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCloudOff,
  IconFilter,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react'
import { useState } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { entityPageSizes, type FetchedEntity } from '../../../../shared/bridge/entitiesContract'
import { formatAge, formatLocalDateTime } from '../../components/formatTime'
import { bridgeErrorNames } from '../../../../shared/bridge'
import { BridgeCallError, errorMessage, isUnreachable } from '../../bridge/bridgeClient'
import { useActiveEnvironment } from '../../data/settings/settingsQueries'
import { refetchEntities, useEntityPageFetch } from '../../data/entities/entityServerQueries'
import { CopyValue } from '../../components/CopyValue'
import { CachedEntityMatches } from './CachedEntityMatches'
import { useCachedEntityPage } from '../../data/entities/entityQueries'
import { entityRepository, type CachedPageView } from '../../data/entities/entityRepository'
import { entityDisplayName } from '../../components/entityDisplay'
import { useAutoDismiss } from '../../components/useAutoDismiss'
import { NewEntityModal } from './NewEntityModal'
import { OutboxPanel } from '../outbox/OutboxPanel'
import { EntityPager } from './EntityPager'
import { EntityTable } from './EntityTable'
import { entityListActions, useEntityListStore } from './store'
import { ButtonLink } from '../../components/RouterLinks'
import { ScreenTitle } from '../../components/ScreenTitle'

function OfflineNotice({
  load,
  cached,
  onRetry,
}: {
  load: LoadFailure
  cached: CachedPageView | null | undefined
  onRetry: () => void
}) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconCloudOff size={18} />}
      title="Offline — showing cached entities"
      data-testid="offline-banner"
    >
      <Stack gap={4}>
        <Text size="sm">{load.message}</Text>
        <Text size="sm" fw={500} data-testid="offline-fetched-at">
          {cached
            ? `This page was fetched ${formatLocalDateTime(cached.fetchedAt)} (${formatAge(cached.fetchedAt)}). Changes since then are not shown.`
            : 'This page has not been fetched before, so nothing is cached for it. Go back to a page you have opened, or retry when the service is back.'}
        </Text>
        <Group>
          <Button
            size="xs"
            variant="white"
            color="orange"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            Retry now
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

function FailureNotice({
  load,
  cached,
  onRetry,
}: {
  load: LoadFailure
  cached: CachedPageView | null | undefined
  onRetry: () => void
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Entities could not be loaded"
      data-testid="entity-error"
    >
      <Stack gap={6}>
        <Text size="sm">{load.message}</Text>
        {cached && (
          <Text size="sm" c="dimmed">
            Below is the copy of this page fetched {formatLocalDateTime(cached.fetchedAt)} (
            {formatAge(cached.fetchedAt)}).
          </Text>
        )}
        <Group gap="xs">
          <ButtonLink size="xs" variant="default" to="/settings">
            Open Settings
          </ButtonLink>
          <Button size="xs" variant="subtle" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

/** News that goes by itself: the entity stays in the list, where it belongs. */
function CreatedNotice({ created, onClose }: { created: FetchedEntity; onClose: () => void }) {
  const holding = useAutoDismiss(created.entity.id, onClose)
  return (
    <Alert
      {...holding}
      color="green"
      variant="light"
      icon={<IconCircleCheck size={18} />}
      withCloseButton
      onClose={onClose}
      title="Entity created"
      data-testid="entity-created"
    >
      <Group gap={6}>
        <Text size="sm">{entityDisplayName(created.entity)} was created as</Text>
        <Code>{created.entity.id}</Code>
        <CopyValue value={created.entity.id} label="Copy entity ID" />
      </Group>
    </Alert>
  )
}

interface LoadFailure {
  errorName: string
  message: string
}

const failureOf = (error: Error | null): LoadFailure | null =>
  error === null
    ? null
    : {
        errorName: error instanceof BridgeCallError ? error.name : bridgeErrorNames.internal,
        message: errorMessage(error),
      }

/** The page the address names (`#/entities?page=2&limit=50`), the first when it names none. */
function usePageShown(): { page: number; limit: number } {
  const search = useSearch({ strict: false })
  return { page: search.page ?? 1, limit: search.limit ?? entityPageSizes[0] }
}

export function EntityListScreen() {
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<FetchedEntity | null>(null)
  const environment = useActiveEnvironment()
  const { page, limit } = usePageShown()
  const filterText = useEntityListStore((state) => state.filterText)
  const fetch = useEntityPageFetch(environment, page, limit)
  const cached = useCachedEntityPage(environment, page, limit)
  const failed = failureOf(fetch.error)
  const retry = () => void fetch.refetch()

  return (
    <Stack gap="sm" h="100%" data-testid="entity-list-screen">
      <Group justify="space-between" align="flex-end">
        <div>
          <ScreenTitle>Entities</ScreenTitle>
          <Text size="sm" c="dimmed">
            Individuals and businesses in the active environment
            {cached ? ` · ${cached.total.toLocaleString()} in total` : ''}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={fetch.isFetching}
            onClick={retry}
          >
            Refresh
          </Button>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            New entity
          </Button>
        </Group>
      </Group>
      {created && <CreatedNotice created={created} onClose={() => setCreated(null)} />}
      {failed && isUnreachable(failed.errorName) && (
        <OfflineNotice load={failed} cached={cached} onRetry={retry} />
      )}
      {failed && !isUnreachable(failed.errorName) && (
        <FailureNotice load={failed} cached={cached} onRetry={retry} />
      )}
      <TextInput
        placeholder="Filter cached entities by name, e-mail or id"
        aria-label="Filter cached entities"
        leftSection={<IconFilter size={14} />}
        value={filterText}
        onChange={(event) => entityListActions.setFilterText(event.currentTarget.value)}
        size="xs"
        w={360}
      />
      <Paper
        withBorder
        radius="sm"
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        {environment && filterText.trim() !== '' ? (
          <CachedEntityMatches environment={environment} text={filterText} />
        ) : cached && cached.items.length > 0 ? (
          <ScrollArea style={{ flex: 1 }} type="auto">
            <EntityTable entities={cached.items} />
          </ScrollArea>
        ) : (
          <Center style={{ flex: 1 }} p="xl">
            {fetch.isFetching || cached === undefined ? (
              <Loader size="sm" />
            ) : (
              <Text c="dimmed" size="sm">
                {cached
                  ? 'No entities on this page.'
                  : 'No entities to show yet: they are fetched from the service when it answers, or create one with “New entity”.'}
              </Text>
            )}
          </Center>
        )}
        {filterText.trim() === '' && <EntityPager page={page} limit={limit} cached={cached} />}
      </Paper>
      <OutboxPanel kind="createEntity" />
      <NewEntityModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(entity) => {
          setCreating(false)
          setCreated(entity)
          void entityRepository.saveEntity(entity)
          void refetchEntities()
          void navigate({ to: '/entities' })
        }}
      />
    </Stack>
  )
}
