import { Alert, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { useForm } from '@mantine/form'
import { IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import type { z } from 'zod'
import {
  groupedFingerprint,
  investigatorSchema,
  keyFingerprint,
  publicKeyHexSchema,
  type Signer,
} from '../../../../shared/identity/investigator'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { TrustSignerDialog } from '../verify/TrustSignerDialog'
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
  // The key pasted here is not trusted until its fingerprint, received another way, is typed or
  // pasted too: the same dialog as for a bundle's signer on Verify.
  const [confirming, setConfirming] = useState<Signer | null>(null)
  if (!identity) return null
  const confirm = ({ publicKey, ...investigator }: NewSigner) => {
    const key = publicKeyHexSchema.parse(publicKey)
    setConfirming({ ...investigator, publicKey: key, fingerprint: keyFingerprint(key) })
  }
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
        <form onSubmit={form.onSubmit(confirm)} noValidate>
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
              <Button type="submit" variant="light">
                Trust this key…
              </Button>
              <Text size="xs" c="dimmed">
                You will be asked for the key’s fingerprint, as its owner gave it to you.
              </Text>
            </Group>
          </Stack>
        </form>
        {confirming && (
          <TrustSignerDialog
            signer={confirming}
            keyFrom="The key you pasted"
            onClose={() => setConfirming(null)}
            onTrusted={() => form.reset()}
          />
        )}
      </Stack>
    </Card>
  )
}
