import { Button, Group, Stack, Text } from '@mantine/core'
import { sampleWallets } from '../../../../shared/records/sampleWallets'
import { searchActions } from './store'

/** A first run on the local sandbox: wallets to try, each filling the identifier box. */
export function SampleWallets() {
  return (
    <Stack gap={4} data-testid="sample-wallets">
      <Text size="sm" c="dimmed">
        New here? Try a sample wallet of the local sandbox; it fills the box above:
      </Text>
      <Group gap="xs">
        {sampleWallets.map((sample) => (
          <Button
            key={sample.query}
            size="compact-sm"
            variant="light"
            onClick={() => searchActions.setQuery(sample.query)}
            title={`${sample.query} (${sample.expect})`}
            data-testid="sample-wallet"
          >
            {sample.label}
          </Button>
        ))}
      </Group>
    </Stack>
  )
}
