import { AppShell, Group, NavLink, Text, ThemeIcon } from '@mantine/core'
import {
  IconBriefcase,
  IconFileCheck,
  IconHistory,
  IconSearch,
  IconSettings,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { ConnectivityIndicator } from './ConnectivityIndicator'
import { EnvironmentBadge } from './EnvironmentBadge'
import { shellActions, shellSelectors, useShellStore, type Screen } from './store'

const navigation: Array<{ screen: Screen; label: string; icon: ReactNode }> = [
  { screen: 'search', label: 'Crypto search', icon: <IconSearch size={18} /> },
  { screen: 'history', label: 'History', icon: <IconHistory size={18} /> },
  { screen: 'cases', label: 'Cases', icon: <IconBriefcase size={18} /> },
  { screen: 'entities', label: 'Entities', icon: <IconUsers size={18} /> },
  { screen: 'verify', label: 'Verify bundle', icon: <IconFileCheck size={18} /> },
  { screen: 'settings', label: 'Settings', icon: <IconSettings size={18} /> },
]

export function AppFrame({ children }: { children: ReactNode }) {
  const screen = useShellStore((state) => state.screen)
  const environment = useShellStore(shellSelectors.activeEnvironmentSettings)
  return (
    <AppShell header={{ height: 52 }} navbar={{ width: 200, breakpoint: 0 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="xs">
            <ThemeIcon variant="filled" color="indigo" size="md" radius="sm">
              <IconShieldCheck size={18} />
            </ThemeIcon>
            <Text fw={700}>Compliance Desk</Text>
          </Group>
          <Group gap="md">
            <ConnectivityIndicator />
            {environment && <EnvironmentBadge environment={environment} />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        {navigation.map((item) => (
          <NavLink
            key={item.screen}
            label={item.label}
            leftSection={item.icon}
            active={screen === item.screen}
            onClick={() => shellActions.show(item.screen)}
            variant="filled"
            style={{ borderRadius: 4 }}
            data-testid={`nav-${item.screen}`}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  )
}
