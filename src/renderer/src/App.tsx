import { Alert, Center, Loader } from '@mantine/core'
import { useEffect, useState } from 'react'
import { callBridge, errorMessage } from './bridge/bridgeClient'
import { CasesScreen } from './features/cases/CasesScreen'
import { VerifyScreen } from './features/verify/VerifyScreen'
import { EntityListScreen } from './features/entities/EntityListScreen'
import { HistoryScreen } from './features/history/HistoryScreen'
import { SearchScreen } from './features/search/SearchScreen'
import { entityListActions } from './features/entities/store'
import { startOutboxRunner } from './features/outbox/outboxRunner'
import { SettingsScreen } from './features/settings/SettingsScreen'
import { AppFrame } from './features/shell/AppFrame'
import { shellActions, shellSelectors, useShellStore } from './features/shell/store'

/** Tests and tools wait for this attribute instead of sleeping. */
const markAppState = (state: 'loading' | 'ready' | 'failed'): void => {
  document.documentElement.dataset.appState = state
}

export function App() {
  const screen = useShellStore((state) => state.screen)
  const environment = useShellStore(shellSelectors.activeEnvironment)
  const [startError, setStartError] = useState<string | null>(null)

  useEffect(() => {
    markAppState('loading')
    callBridge('settings.get', {})
      .then((settings) => {
        shellActions.settingsLoaded(settings)
        markAppState('ready')
      })
      .catch((error: unknown) => {
        setStartError(errorMessage(error))
        markAppState('failed')
      })
  }, [])

  const ready = environment !== null
  useEffect(() => (ready ? startOutboxRunner() : undefined), [ready])

  // Each environment has its own pages: switching starts again from the first.
  useEffect(() => entityListActions.goToPage(1), [environment])

  if (startError) {
    return (
      <Center h="100dvh" p="xl">
        <Alert color="red" title="Compliance Desk could not start" maw={560}>
          {startError}
        </Alert>
      </Center>
    )
  }
  if (environment === null) {
    return (
      <Center h="100dvh">
        <Loader />
      </Center>
    )
  }
  const screens = {
    search: SearchScreen,
    history: HistoryScreen,
    cases: CasesScreen,
    entities: EntityListScreen,
    verify: VerifyScreen,
    settings: SettingsScreen,
  }
  const Screen = screens[screen]
  return (
    <AppFrame>
      <Screen />
    </AppFrame>
  )
}
