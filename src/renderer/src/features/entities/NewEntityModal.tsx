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
import { useState, type FormEvent } from 'react'
import {
  newEntitySchema,
  type FetchedEntity,
  type NewEntity,
} from '../../../../shared/bridge/entitiesContract'
import { bridgeErrorNames } from '../../../../shared/bridge'
import { BridgeCallError, errorMessage } from '../../bridge/bridgeClient'
import { outboxRepository } from '../../data/outbox/outboxRepository'
import { useNavigate } from '@tanstack/react-router'
import { useActiveEnvironment } from '../../data/settings/settingsQueries'
import { refetchEntities } from '../../data/entities/entityServerQueries'
import { createEntity } from '../../data/entities/createEntity'
import { entityDisplayName } from '../../components/entityDisplay'

type EntityKind = 'individual' | 'business'

const emptyForm = { firstName: '', lastName: '', name: '', email: '', consent: false }

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
  const [kind, setKind] = useState<EntityKind>('individual')
  const [form, setForm] = useState(emptyForm)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<{
    message: string
    unsent: NewEntity | null
    ambiguous: boolean
  } | null>(null)
  const environment = useActiveEnvironment()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  const set = (field: keyof typeof emptyForm) => (value: string | boolean) =>
    setForm((current) => ({ ...current, [field]: value }))

  const queue = async (entity: NewEntity) => {
    if (!environment) return
    const label = entityDisplayName({ id: 'ent_pending', ...entity })
    await outboxRepository.enqueue(environment, { kind: 'createEntity', entity, label })
    setForm(emptyForm)
    setFailure(null)
    onClose()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const candidate =
      kind === 'individual'
        ? {
            entityType: kind,
            isSubjectConsent: form.consent,
            firstName: form.firstName,
            lastName: form.lastName,
            email: form.email,
          }
        : { entityType: kind, isSubjectConsent: form.consent, name: form.name, email: form.email }
    const parsed = newEntitySchema.safeParse(candidate)
    if (!parsed.success) {
      setFieldErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      )
      return
    }
    setFieldErrors({})
    setFailure(null)
    setPending(true)
    try {
      const created = await createEntity({
        requestId: crypto.randomUUID(),
        entity: candidate as NewEntity,
      })
      setForm(emptyForm)
      onCreated(created)
    } catch (error) {
      // Only a request that provably never left may be queued; anything else could create it twice.
      const unsent =
        error instanceof BridgeCallError && error.name === bridgeErrorNames.serviceUnreachable
          ? (candidate as NewEntity)
          : null
      const ambiguous =
        error instanceof BridgeCallError && error.name === bridgeErrorNames.outcomeUnknown
      setFailure({ message: errorMessage(error), unsent, ambiguous })
    } finally {
      setPending(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New entity" size="lg" data-testid="new-entity">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <SegmentedControl
            value={kind}
            onChange={(value) => setKind(value === 'business' ? 'business' : 'individual')}
            data={[
              { value: 'individual', label: 'Individual' },
              { value: 'business', label: 'Business' },
            ]}
          />
          {kind === 'individual' ? (
            <Group grow>
              <TextInput
                label="First name"
                required
                value={form.firstName}
                onChange={(event) => set('firstName')(event.currentTarget.value)}
                error={fieldErrors.firstName && `First name ${fieldErrors.firstName}`}
              />
              <TextInput
                label="Last name"
                required
                value={form.lastName}
                onChange={(event) => set('lastName')(event.currentTarget.value)}
                error={fieldErrors.lastName && `Last name ${fieldErrors.lastName}`}
              />
            </Group>
          ) : (
            <TextInput
              label="Business name"
              required
              value={form.name}
              onChange={(event) => set('name')(event.currentTarget.value)}
              error={fieldErrors.name && `Business name ${fieldErrors.name}`}
            />
          )}
          <TextInput
            label="E-mail"
            description="Optional"
            value={form.email}
            onChange={(event) => set('email')(event.currentTarget.value)}
            error={fieldErrors.email && `E-mail ${fieldErrors.email}`}
          />
          <Checkbox
            label="The subject has consented to being recorded"
            checked={form.consent}
            onChange={(event) => set('consent')(event.currentTarget.checked)}
            error={fieldErrors.isSubjectConsent && 'Consent is required to create an entity.'}
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
