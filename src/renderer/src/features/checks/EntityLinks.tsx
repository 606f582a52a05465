import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconLink, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import type { Entity } from '../../../../shared/bridge/entitiesContract'
import { useCachedEntitiesById, useEntityCandidates } from '../../data/entities/entityQueries'
import { entityDisplayName } from '../../components/entityDisplay'
import { checkRepository, type StoredCheck } from '../../data/checks/checkRepository'

const entityIdPattern = /^ent_[A-Za-z0-9]+$/

const nameOf = (entity: Entity | undefined, id: string): string =>
  entity ? `${entityDisplayName(entity)} · ${id}` : id

/** Which entities this check belongs to; links are kept on this computer, within the check's environment. */
export function EntityLinks({ stored }: { stored: StoredCheck }) {
  const [text, setText] = useState('')
  const linked = stored.linkedEntityIds ?? []
  const linkedEntities = useCachedEntitiesById(stored.environment, linked)
  const candidates = useEntityCandidates(stored.environment, text, 5, linked)
  const pasted = text.trim()
  const link = (id: string) => {
    setText('')
    void checkRepository.linkCheckToEntity(stored.localId, id)
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
                  onClick={() => void checkRepository.unlinkCheckFromEntity(stored.localId, id)}
                />
              }
            >
              {nameOf(linkedEntities?.get(id), id)}
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
