import { Center, Stack, Text } from '@mantine/core'
import { ButtonLink } from '../components/RouterLinks'
import { ScreenTitle } from '../components/ScreenTitle'

/** An address no screen answers to, e.g. from an older version: say so and offer a way back. */
export function NotFoundScreen() {
  return (
    <Center h={320}>
      <Stack align="center" gap="xs" data-testid="not-found">
        <ScreenTitle>Nothing at this address</ScreenTitle>
        <Text size="sm" c="dimmed">
          This address names no screen of Compliance Desk. Your data is unchanged.
        </Text>
        <ButtonLink to="/search" variant="default" size="xs">
          Go to Crypto search
        </ButtonLink>
      </Stack>
    </Center>
  )
}
