import { Alert, Center, Loader } from '@mantine/core'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { errorMessage } from '../bridge/bridgeClient'
import { ScreenTitle } from '../components/ScreenTitle'
import { followCurrentDatabase, onCurrentDatabase } from '../data/currentDatabase'
import { useSettings } from '../data/settings/settingsQueries'
import { useStoragePersistence } from '../data/storagePersistence'
import { startSearchTermsRunner } from '../work/searchTermsRunner'
import { startBackgroundWork } from '../work/backgroundWork'
import { installHistoryShortcuts } from './historyShortcuts'
import { createAppRouter } from './router'

/** Tests and tools wait for this attribute instead of sleeping. */
const markAppState = (state: 'loading' | 'ready' | 'failed'): void => {
  document.documentElement.dataset.appState = state
}

export function App() {
  const settings = useSettings()
  // Asked at every start; Settings shows the browser's answer.
  useStoragePersistence()
  const [router] = useState(createAppRouter)
  const [onDatabase, setOnDatabase] = useState(false)
  useEffect(() => {
    void onCurrentDatabase().then(
      (current) => (current ? setOnDatabase(true) : window.location.reload()),
      // The pointer could not be read: the copy of it stands, and the data's own reads say why.
      () => setOnDatabase(true),
    )
  }, [])
  // No screen or runner touches data before the page is known to be on the current database.
  const ready = settings.isSuccess && onDatabase

  useEffect(() => {
    markAppState(settings.isError ? 'failed' : ready ? 'ready' : 'loading')
  }, [ready, settings.isError])
  // The outbox, bulk jobs and watches go on whatever screen is shown, and resume after a reload.
  useEffect(() => (ready ? startBackgroundWork() : undefined), [ready])
  useEffect(() => (ready ? startSearchTermsRunner() : undefined), [ready])
  useEffect(() => installHistoryShortcuts(window, router.history), [router])
  useEffect(
    () => (ready ? followCurrentDatabase(() => window.location.reload()) : undefined),
    [ready],
  )

  if (settings.isError) {
    return (
      <Center h="100dvh" p="xl">
        <Alert
          color="red"
          title={
            <ScreenTitle fz="inherit" lh="inherit">
              Compliance Desk could not start
            </ScreenTitle>
          }
          maw={560}
          data-testid="start-error"
        >
          {errorMessage(settings.error)}
        </Alert>
      </Center>
    )
  }
  if (!ready) {
    return (
      <Center h="100dvh">
        <Loader />
      </Center>
    )
  }
  return <RouterProvider router={router} />
}
