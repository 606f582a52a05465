import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import {
  newEntitySchema,
  type FetchedEntity,
  type NewEntity,
} from '../../../../shared/bridge/entitiesContract'
import { BridgeCallError, errorMessage, isUnreachable } from '../../bridge/bridgeClient'
import { outboxRepository } from '../../data/outbox/outboxRepository'
import { useNavigate } from '@tanstack/react-router'
import { useActiveEnvironment } from '../../data/settings/settingsQueries'
import { refetchEntities } from '../../data/entities/entityServerQueries'
import { createEntity } from '../../data/entities/createEntity'
import { entityDisplayName, entityName } from '../../components/entityDisplay'
import { zodFormResolver } from '../../components/zodFormResolver'
import { useEntityCandidates } from '../../data/entities/entityQueries'
import { likelyDuplicates } from '../../../../shared/entities/likelyDuplicates'
import type { EnvironmentId } from '../../../../shared/environments'
import { AnchorLink } from '../../components/RouterLinks'

type EntityKind = NewEntity['entityType']

interface EntityForm {
  entityType: EntityKind
  firstName: string
  lastName: string
  name: string
  email: string
  isSubjectConsent: boolean
}

const emptyForm: EntityForm = {
  entityType: 'individual',
  firstName: '',
  lastName: '',
  name: '',
  email: '',
  isSubjectConsent: false,
}

/** What the bridge is asked to create: only the fields of the chosen kind. */
const candidateOf = ({ entityType, isSubjectConsent, email, ...names }: EntityForm) =>
  entityType === 'individual'
    ? { entityType, isSubjectConsent, firstName: names.firstName, lastName: names.lastName, email }
    : { entityType, isSubjectConsent, name: names.name, email }

const validateEntity = zodFormResolver(
  newEntitySchema,
  { firstName: 'First name', lastName: 'Last name', name: 'Business name', email: 'E-mail' },
  { isSubjectConsent: 'Consent is required to create an entity.' },
)

/** Cached entities with the name and e-mail typed so far: pointed out before creating another. */
function LikelyDuplicates({
  environment,
  values,
  onOpen,
}: {
  environment: EnvironmentId
  values: EntityForm
  onOpen: () => void
}) {
  const name =
    values.entityType === 'individual' ? `${values.firstName} ${values.lastName}` : values.name
  const candidates = useEntityCandidates(environment, name, 50)
  const duplicates = likelyDuplicates(
    { name, email: values.email },
    (candidates ?? []).map((cached) => cached.entity),
  )
  if (duplicates.length === 0) return null
  return (
    <Alert
      color="yellow"
      variant="light"
      title="This entity may already exist"
      data-testid="likely-duplicate"
    >
      <Stack gap={4}>
        <span>
          Already on this computer with the same name and e-mail. Open it instead of creating
          another, unless this is someone else:
        </span>
        {duplicates.slice(0, 3).map((entity) => (
          <AnchorLink
            key={entity.id}
            to="/entities/$entityId"
            params={{ entityId: entity.id }}
            search={{ environment }}
            size="sm"
            onClick={onOpen}
          >
            {entityDisplayName(entity)}
            {entity.email ? ` <${entity.email}>` : ''} · {entity.id}
          </AnchorLink>
        ))}
      </Stack>
    </Alert>
  )
}

/** The form checks with the same schema the bridge applies, so its messages match what would be refused. */
export function NewEntityModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean
  onClose: () => void
  onCreated: (created: FetchedEntity) => void
}) {
  const form = useForm<EntityForm>({
    initialValues: emptyForm,
    validate: (values) => validateEntity(candidateOf(values)),
  })
  const kind = form.values.entityType
  const [failure, setFailure] = useState<{
    message: string
    unsent: NewEntity | null
    ambiguous: boolean
  } | null>(null)
  const environment = useActiveEnvironment()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)

  const queue = async (entity: NewEntity) => {
    if (!environment) return
    const label = entityName({ id: 'ent_pending', ...entity })
    await outboxRepository.enqueue(environment, { kind: 'createEntity', entity, label })
    form.reset()
    setFailure(null)
    onClose()
  }

  const submit = async (values: EntityForm) => {
    // The form validated these values with the same schema: parsing cannot fail here.
    const candidate = newEntitySchema.parse(candidateOf(values))
    setFailure(null)
    setPending(true)
    try {
      const created = await createEntity({
        requestId: crypto.randomUUID(),
        entity: candidate,
      })
      form.reset()
      onCreated(created)
    } catch (error) {
      // Only a request the main side says never reached the service may be queued: anything
      // else could create the entity twice.
      const reached = !(error instanceof BridgeCallError) || error.mayHaveReachedService
      const unsent = !reached && isUnreachable(error.name) ? candidate : null
      const ambiguous = reached
      setFailure({ message: errorMessage(error), unsent, ambiguous })
    } finally {
      setPending(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New entity" size="lg" data-testid="new-entity">
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Kind of entity"
            value={kind}
            onChange={(value) =>
              form.setFieldValue('entityType', value === 'business' ? 'business' : 'individual')
            }
            data={[
              { value: 'individual', label: 'Individual' },
              { value: 'business', label: 'Business' },
            ]}
          />
          {kind === 'individual' ? (
            <Group grow>
              <TextInput label="First name" withAsterisk {...form.getInputProps('firstName')} />
              <TextInput label="Last name" withAsterisk {...form.getInputProps('lastName')} />
            </Group>
          ) : (
            <TextInput label="Business name" withAsterisk {...form.getInputProps('name')} />
          )}
          <TextInput label="E-mail" description="Optional" {...form.getInputProps('email')} />
          {environment && (
            <LikelyDuplicates environment={environment} values={form.values} onOpen={onClose} />
          )}
          <Checkbox
            label="The subject has consented to being recorded"
            {...form.getInputProps('isSubjectConsent', { type: 'checkbox' })}
          />
          {failure && (
            <Alert color="red" variant="light" data-testid="new-entity-error">
              <Stack gap={6}>
                <span>{failure.message}</span>
                {failure.ambiguous && (
                  <Group>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => {
                        setFailure(null)
                        onClose()
                        void refetchEntities()
                        void navigate({ to: '/entities' })
                      }}
                    >
                      Look for it among the newest entities
                    </Button>
                  </Group>
                )}
                {failure.unsent && environment && (
                  <Group>
                    <Button size="xs" onClick={() => void queue(failure.unsent!)}>
                      Queue it to create when the service is back
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={pending}
              color={failure?.ambiguous ? 'orange' : undefined}
            >
              {failure?.ambiguous ? `Create the ${kind} again anyway` : `Create ${kind}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
