import { AppShell, Badge, Group, Text, ThemeIcon } from '@mantine/core'
import {
  IconBell,
  IconBriefcase,
  IconFileCheck,
  IconHistory,
  IconListCheck,
  IconSearch,
  IconSettings,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react'
import { useLocation } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { EnvironmentBadge } from '../components/EnvironmentBadge'
import { useActiveEnvironmentSettings } from '../data/settings/settingsQueries'
import { ConnectivityIndicator } from './ConnectivityIndicator'
import { TeamHeaderStatus } from '../features/team/TeamHeaderStatus'
import { NavRouterLink } from '../components/RouterLinks'
import { useNewChanges } from '../data/watch/watchQueries'
import { useCountAwaitingReview } from '../data/cases/caseQueries'
import { useTeamMember } from '../data/team/teamQueries'
import { BulkFinishedNotice } from '../features/bulk/BulkFinishedNotice'
import { UnfinishedRestoreNotice } from '../features/settings/UnfinishedRestoreNotice'
import { ReadOnlyBanner } from './ReadOnlyBanner'

const navigation = [
  { screen: 'search', to: '/search', label: 'Crypto search', icon: <IconSearch size={18} /> },
  { screen: 'history', to: '/history', label: 'History', icon: <IconHistory size={18} /> },
  { screen: 'bulk', to: '/bulk', label: 'Bulk screening', icon: <IconListCheck size={18} /> },
  { screen: 'cases', to: '/cases', label: 'Cases', icon: <IconBriefcase size={18} /> },
  { screen: 'entities', to: '/entities', label: 'Entities', icon: <IconUsers size={18} /> },
  { screen: 'changes', to: '/changes', label: 'Changes', icon: <IconBell size={18} /> },
  { screen: 'verify', to: '/verify', label: 'Verify bundle', icon: <IconFileCheck size={18} /> },
  { screen: 'settings', to: '/settings', label: 'Settings', icon: <IconSettings size={18} /> },
] as const

export function AppFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const environment = useActiveEnvironmentSettings()
  const awaitingReview = useCountAwaitingReview(useTeamMember())
  // Cases waiting for my review are news on the Changes screen as much as a watch's changes.
  const newChanges = (useNewChanges()?.length ?? 0) + awaitingReview
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
            <TeamHeaderStatus />
            <ConnectivityIndicator />
            {environment && <EnvironmentBadge environment={environment} />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Screens">
        {navigation.map((item) => {
          // A record's address (e.g. #/history/<id>) belongs to its screen.
          const current = pathname === item.to || pathname.startsWith(`${item.to}/`)
          return (
            <NavRouterLink
              key={item.screen}
              to={item.to}
              label={item.label}
              leftSection={item.icon}
              rightSection={
                item.screen === 'changes' && newChanges > 0 ? (
                  <Badge size="sm" color="red" radius="xl" data-testid="changes-badge">
                    {newChanges}
                  </Badge>
                ) : undefined
              }
              active={current}
              aria-current={current ? 'page' : undefined}
              variant="filled"
              style={{ borderRadius: 4 }}
              data-testid={`nav-${item.screen}`}
            />
          )
        })}
      </AppShell.Navbar>
      <AppShell.Main h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        <ReadOnlyBanner />
        <UnfinishedRestoreNotice />
        {children}
      </AppShell.Main>
      <BulkFinishedNotice />
    </AppShell>
  )
}
