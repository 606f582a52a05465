import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { IconKey, IconTrash } from '@tabler/icons-react'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { z } from 'zod'
import {
  secretKeySchema,
  serviceBaseUrlSchema,
  type EnvironmentSettings,
} from '../../../../shared/bridge/settingsContract'
import { remoteEnvironmentIdSchema } from '../../../../shared/environments'
import { callBridge } from '../../bridge/bridgeClient'
import { zodFormResolver } from '../../components/zodFormResolver'
import { useSettingsChange } from './useSettingsChange'

const validateBaseUrl = zodFormResolver(z.object({ baseUrl: serviceBaseUrlSchema }), {
  baseUrl: 'The base URL',
})
const validateKey = zodFormResolver(z.object({ secretKey: secretKeySchema }), {
  secretKey: 'The key',
})

const keySourceLabels = {
  keychain: 'in the OS keychain',
  session: 'for this session only',
  'built-in': 'built-in test key',
}

function KeyStatusLine({ environment }: { environment: EnvironmentSettings }) {
  const { key } = environment
  if (!key.isSet) {
    return (
      <Text size="sm" c="dimmed" data-testid="key-status">
        No key set
      </Text>
    )
  }
  return (
    <Group gap={6} data-testid="key-status">
      <Text size="sm">Key set</Text>
      <Badge
        variant="light"
        color="gray"
        radius="sm"
        ff="monospace"
        tt="none"
        data-testid="key-last4"
      >
        ••••{key.last4}
      </Badge>
      <Text size="sm" c="dimmed">
        {key.source ? keySourceLabels[key.source] : ''}
      </Text>
    </Group>
  )
}

/**
 * A key not yet tied to the address on show is sent nowhere: the user says, on purpose, that the
 * key belongs to this address (whose origin is named in full, as it is where the key will go).
 */
function KeyAddressConfirmation({
  environment,
  pending,
  onConfirm,
}: {
  environment: EnvironmentSettings
  pending: boolean
  onConfirm: () => void
}) {
  const origin = environment.baseUrl === null ? null : new URL(environment.baseUrl).origin
  return (
    <Alert color="orange" variant="light" data-testid="key-address-confirmation">
      <Stack gap="xs">
        <Text size="sm">
          {origin === null
            ? 'This key was saved before any address, so it is sent nowhere. Save the address it belongs to, then confirm it here.'
            : `This key was not entered for ${origin}, so it has not been sent there. Send it only if it belongs to that address.`}
        </Text>
        {origin !== null && (
          <Group>
            <Button size="xs" variant="default" loading={pending} onClick={onConfirm}>
              Confirm the key belongs to {origin}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  )
}

export function EnvironmentCard({ environment }: { environment: EnvironmentSettings }) {
  const remote = remoteEnvironmentIdSchema.safeParse(environment.id)
  const baseUrlForm = useForm({
    initialValues: { baseUrl: environment.baseUrl ?? '' },
    validate: validateBaseUrl,
  })
  const keyForm = useForm({ initialValues: { secretKey: '' }, validate: validateKey })
  const { pending, error, run } = useSettingsChange()
  const userKeySet = environment.key.isSet && environment.key.source !== 'built-in'
  const awaitingConfirmation = userKeySet && !environment.key.addressConfirmed

  const [keyRemoved, setKeyRemoved] = useState(false)
  const saveBaseUrl = ({ baseUrl }: { baseUrl: string }) => {
    if (!remote.success) return
    void run(() =>
      callBridge('settings.setBaseUrl', { environment: remote.data, baseUrl: baseUrl.trim() }),
    ).then((after) => {
      // The main side removes a key when its address moves to another origin; say so here.
      const keyNow = after?.environments.find(({ id }) => id === environment.id)?.key.isSet
      setKeyRemoved(userKeySet && keyNow === false)
    })
  }
  const saveKey = ({ secretKey }: { secretKey: string }) => {
    void run(() => callBridge('keys.set', { environment: environment.id, secretKey })).then(
      (saved) => {
        if (!saved) return
        keyForm.reset()
        setKeyRemoved(false)
      },
    )
  }

  return (
    <Card withBorder radius="sm" padding="md" data-testid={`environment-card-${environment.id}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{environment.label}</Text>
            {environment.id === 'production' && (
              <Badge color="red" variant="light" size="sm">
                billed
              </Badge>
            )}
            {environment.id === 'local' && (
              <Badge color="teal" variant="light" size="sm">
                test data, runs inside the app
              </Badge>
            )}
          </Group>
          <KeyStatusLine environment={environment} />
        </Group>
        {environment.baseUrlEditable ? (
          <form noValidate onSubmit={baseUrlForm.onSubmit(saveBaseUrl)}>
            <Group align="flex-end" gap="xs">
              <TextInput
                label="Base URL"
                placeholder="https://api.example.com/"
                {...baseUrlForm.getInputProps('baseUrl')}
                style={{ flex: 1 }}
                size="sm"
              />
              <Button
                type="submit"
                variant="default"
                size="sm"
                loading={pending}
                disabled={baseUrlForm.values.baseUrl.trim() === ''}
              >
                Save URL
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm" c="dimmed">
            Address:{' '}
            <Text span ff="monospace" size="sm">
              {environment.baseUrl}
            </Text>
          </Text>
        )}
        <form noValidate onSubmit={keyForm.onSubmit(saveKey)}>
          <Group align="flex-end" gap="xs">
            <PasswordInput
              label={userKeySet ? 'Replace secret API key' : 'Secret API key'}
              description="Stored on this computer's main side only; the app shows just its last 4 characters."
              placeholder="Paste the secret key from the dashboard"
              {...keyForm.getInputProps('secretKey')}
              autoComplete="off"
              style={{ flex: 1 }}
              size="sm"
            />
            <Button
              type="submit"
              size="sm"
              leftSection={<IconKey size={14} />}
              loading={pending}
              disabled={keyForm.values.secretKey.trim() === ''}
            >
              {userKeySet ? 'Replace key' : 'Save key'}
            </Button>
            {userKeySet && (
              <Button
                variant="light"
                color="red"
                size="sm"
                leftSection={<IconTrash size={14} />}
                loading={pending}
                onClick={() =>
                  void run(() => callBridge('keys.delete', { environment: environment.id }))
                }
              >
                Delete key
              </Button>
            )}
          </Group>
        </form>
        {awaitingConfirmation && remote.success && (
          <KeyAddressConfirmation
            environment={environment}
            pending={pending}
            onConfirm={() =>
              void run(() => callBridge('keys.confirmAddress', { environment: remote.data }))
            }
          />
        )}
        {keyRemoved && (
          <Alert color="orange" variant="light" data-testid="key-removed">
            The stored key was removed: it was entered for the earlier address, and a key is never
            sent to another one. Enter the key for {environment.baseUrl} to use this environment.
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" data-testid="settings-error">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  )
}
