import { Alert, Card, SegmentedControl, Stack, Text } from '@mantine/core'
import { IconLock, IconLockOpen } from '@tabler/icons-react'
import { environmentIdSchema } from '../../../../shared/environments'
import { callBridge } from '../../bridge/bridgeClient'
import { useSettings } from '../../data/settings/settingsQueries'
import { BackupCard } from './BackupCard'
import { RestoredNotice } from './RestoredNotice'
import { ChangeAlertsCard } from './ChangeAlertsCard'
import { EnvironmentCard } from './EnvironmentCard'
import { InvestigatorCard } from './InvestigatorCard'
import { StoragePersistenceNotice } from './StoragePersistenceNotice'
import { ScheduledRescreensCard } from './ScheduledRescreensCard'
import { TrustedSignersCard } from './TrustedSignersCard'
import { TeamCard } from '../team/TeamCard'
import { useSettingsChange } from './useSettingsChange'
import { ScreenTitle } from '../../components/ScreenTitle'
import type { SettingsSection } from '../../components/settingsSections'

/** `section`: the part a link asked to bring into view. */
export function SettingsScreen({ section }: { section: SettingsSection | null }) {
  const settings = useSettings().data
  const { error, run } = useSettingsChange()
  if (!settings) return null
  const keychain = settings.keyStorage.kind === 'os-keychain'
  return (
    <Stack gap="md" maw={880} data-testid="settings-screen">
      <div>
        <ScreenTitle>Settings</ScreenTitle>
        <Text size="sm" c="dimmed">
          Who you are and your signing key; environments, their addresses and their secret API keys;
          what scheduled re-screens may spend in Production; backing up and restoring all data
        </Text>
      </div>
      <RestoredNotice />
      <Alert
        color={keychain ? 'gray' : 'orange'}
        variant="light"
        icon={keychain ? <IconLock size={18} /> : <IconLockOpen size={18} />}
        title={
          keychain
            ? 'Keys are kept in the OS keychain'
            : 'No OS keychain: keys are kept for this session only'
        }
        data-testid="key-storage"
        data-kind={settings.keyStorage.kind}
      >
        {settings.keyStorage.detail}
      </Alert>
      <StoragePersistenceNotice />
      <InvestigatorCard />
      <Card withBorder radius="sm" padding="md">
        <Stack gap="xs">
          <Text fw={600}>Active environment</Text>
          <Text size="sm" c="dimmed">
            Every request goes to this environment. Production checks are billed.
          </Text>
          <SegmentedControl
            aria-label="Active environment"
            value={settings.activeEnvironment}
            data={settings.environments.map((environment) => ({
              value: environment.id,
              label: environment.label,
            }))}
            onChange={(value) => {
              const environment = environmentIdSchema.parse(value)
              void run(() => callBridge('settings.setActiveEnvironment', { environment }))
            }}
          />
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
        </Stack>
      </Card>
      {settings.environments.map((environment) => (
        <EnvironmentCard key={environment.id} environment={environment} />
      ))}
      <ScheduledRescreensCard focused={section === 'scheduled-rescreens'} />
      <ChangeAlertsCard />
      <TrustedSignersCard />
      <TeamCard />
      <BackupCard />
    </Stack>
  )
}
