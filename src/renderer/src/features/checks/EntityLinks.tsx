import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconLink, IconX } from '@tabler/icons-react'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { EnvironmentId } from '../../../../shared/environments'
import { appDatabase, type StoredCheck } from '../../db/appDatabase'
import { filterCachedEntities, readCachedEntities } from '../entities/entityCache'
import { entityDisplayName } from '../entities/entityDisplay'
import { linkCheckToEntity, unlinkCheckFromEntity } from './checkStore'

const entityIdPattern = /^ent_[A-Za-z0-9]+$/

/** Which entities this check belongs to; links are kept on this computer, within the check's environment. */
export function EntityLinks({ stored }: { stored: StoredCheck }) {
  const [text, setText] = useState('')
  const linked = stored.linkedEntityIds ?? []
  const names = useLiveQuery(async () => {
    const rows = await readCachedEntities(
      appDatabase,
      linked.map((id): [EnvironmentId, string] => [stored.environment, id]),
    )
    return new Map(
      rows.flatMap((row) => (row ? [[row.id, entityDisplayName(row.entity)] as const] : [])),
    )
  }, [stored.environment, linked.join(',')])
  const candidates = useLiveQuery(async () => {
    const keys = (await filterCachedEntities(appDatabase, stored.environment, text)).slice(0, 5)
    return (await readCachedEntities(appDatabase, keys)).flatMap((row) =>
      row && !linked.includes(row.id) ? [row] : [],
    )
  }, [stored.environment, text, linked.join(',')])
  const pasted = text.trim()
  const link = (id: string) => {
    setText('')
    void linkCheckToEntity(appDatabase, stored.localId, id)
  }
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="entity-links">
      <Stack gap={6}>
        <Group gap={6}>
          <IconLink size={16} />
          <Text size="sm" fw={600}>
            Linked entities
          </Text>
        </Group>
        {linked.length === 0 && (
          <Text size="xs" c="dimmed">
            Not linked to any entity yet.
          </Text>
        )}
        <Group gap={6}>
          {linked.map((id) => (
            <Badge
              key={id}
              variant="light"
              radius="sm"
              tt="none"
              data-testid="linked-entity"
              rightSection={
                <IconX
                  size={12}
                  style={{ cursor: 'pointer' }}
                  aria-label={`Unlink ${id}`}
                  onClick={() => void unlinkCheckFromEntity(appDatabase, stored.localId, id)}
                />
              }
            >
              {names?.get(id) ? `${names.get(id)} · ${id}` : id}
            </Badge>
          ))}
        </Group>
        <Group gap={6} align="flex-start">
          <TextInput
            size="xs"
            w={320}
            placeholder="Find a cached entity, or paste its ent_ id"
            aria-label="Link to entity"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          {entityIdPattern.test(pasted) && !linked.includes(pasted) && (
            <Button size="xs" variant="light" onClick={() => link(pasted)}>
              Link {pasted}
            </Button>
          )}
        </Group>
        {text.trim() !== '' && candidates && candidates.length > 0 && (
          <Group gap={6}>
            {candidates.map((candidate) => (
              <Button
                key={candidate.id}
                size="compact-xs"
                variant="default"
                onClick={() => link(candidate.id)}
              >
                Link {entityDisplayName(candidate.entity)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
