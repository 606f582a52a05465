import { Alert, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { useForm } from '@mantine/form'
import { IconTrash } from '@tabler/icons-react'
import type { z } from 'zod'
import {
  groupedFingerprint,
  investigatorSchema,
  keyFingerprint,
  publicKeyHexSchema,
} from '../../../../shared/identity/investigator'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { zodFormResolver } from '../../components/zodFormResolver'
import { useIdentity, useIdentityChange } from '../../data/identity/identityQueries'

const newSignerSchema = investigatorSchema.extend({ publicKey: publicKeyHexSchema })
type NewSigner = z.input<typeof newSignerSchema>

const validate = zodFormResolver(newSignerSchema, {
  name: 'The name',
  email: 'The e-mail',
  organisation: 'The organisation',
  publicKey: 'The public key',
})

/** Colleagues whose signed bundles this computer recognises on the Verify screen and on import. */
export function TrustedSignersCard() {
  const identity = useIdentity().data
  const change = useIdentityChange()
  const form = useForm<NewSigner>({
    initialValues: { name: '', email: '', organisation: '', publicKey: '' },
    validate,
  })
  if (!identity) return null
  // The whole public key is what the colleague gave the user another way: its own fingerprint is
  // the one to confirm (a bundle's signer is trusted by typing its fingerprint: TrustSignerDialog).
  const trust = ({ publicKey, ...investigator }: NewSigner) =>
    change.mutate(
      () => {
        const key = publicKeyHexSchema.parse(publicKey)
        return callBridge('identity.trustSigner', {
          publicKey: key,
          investigator,
          fingerprint: keyFingerprint(key),
        })
      },
      { onSuccess: () => form.reset() },
    )
  return (
    <Card withBorder radius="sm" padding="md" data-testid="trusted-signers">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Trusted signers</Text>
          <Text size="sm" c="dimmed">
            Colleagues whose bundles this computer recognises. Add a key only as its owner gave it
            to you (in person, or over a channel you trust).
          </Text>
        </div>
        {identity.trustedSigners.length === 0 ? (
          <Text size="sm" c="dimmed">
            No trusted signers yet: bundles signed by anyone but you are marked “unknown signer”.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Signer</Table.Th>
                  <Table.Th>Fingerprint</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {identity.trustedSigners.map((signer) => (
                  <Table.Tr key={signer.fingerprint} data-testid="trusted-signer">
                    <Table.Td>
                      <Text size="sm">{shown(signer.name)}</Text>
                      <Text size="xs" c="dimmed">
                        {shown(signer.email)} · {shown(signer.organisation)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {groupedFingerprint(signer.fingerprint)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        onClick={() =>
                          change.mutate(() =>
                            callBridge('identity.forgetSigner', {
                              fingerprint: signer.fingerprint,
                            }),
                          )
                        }
                      >
                        Stop trusting
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form onSubmit={form.onSubmit(trust)} noValidate>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Trust a colleague’s key
            </Text>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput label="Name" miw={180} {...form.getInputProps('name')} />
              <TextInput label="E-mail" miw={180} {...form.getInputProps('email')} />
              <TextInput label="Organisation" miw={180} {...form.getInputProps('organisation')} />
            </Group>
            <TextInput
              label="Public key"
              description="64 hexadecimal characters, as their Settings show it"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('publicKey')}
              data-testid="trusted-signer-key"
            />
            {change.error && (
              <Alert color="red" variant="light">
                {errorMessage(change.error)}
              </Alert>
            )}
            <Group>
              <Button type="submit" variant="light" loading={change.isPending}>
                Trust this key
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  )
}
