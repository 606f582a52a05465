import { Alert, Card, Stack, Switch, Text } from '@mantine/core'
import { useChangeAlerts, useSetChangeAlerts } from '../../data/settings/settingsQueries'

/** Whether a watch run that finds changes says so with an OS notification, besides the badge. */
export function ChangeAlertsCard() {
  const alerts = useChangeAlerts().data
  const { pending, error, set } = useSetChangeAlerts()
  if (!alerts) return null
  return (
    <Card withBorder radius="sm" padding="md" data-testid="change-alerts">
      <Stack gap="xs">
        <Text fw={600}>Change notifications</Text>
        <Text size="sm" c="dimmed">
          When a scheduled re-screen finds new or removed hits, the badge beside Changes counts
          them. An OS notification can say so too, in counts only: never an identifier, since anyone
          at the computer may see it.
        </Text>
        <Switch
          label="Show an OS notification when watched wallets change"
          checked={alerts.notifyChanges}
          disabled={pending}
          onChange={(event) => set(event.currentTarget.checked)}
          data-testid="change-alerts-switch"
        />
        {!alerts.osNotifications && (
          <Text size="sm" c="dimmed" data-testid="change-alerts-browser-mode">
            The browser mode shows no OS notifications: here the badge beside Changes is the signal.
            Your choice applies when Compliance Desk runs as a desktop app.
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  )
}
