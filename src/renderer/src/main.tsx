import '@mantine/core/styles.css'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { cssVariablesResolver, theme } from './app/theme'
import { callBridge, connectBridge } from './bridge/bridgeClient'
import { sharedCasesRepository } from './data/cases/sharedCases'
import { onCurrentDatabase } from './data/currentDatabase'
import { queryClient } from './data/queryClient'

connectBridge()
// Shared cases reach the team through the main side, over the same bridge as everything else.
sharedCasesRepository.connectTeamCaller(callBridge)
// Opens IndexedDB while the page renders and asks for the settings (see onCurrentDatabase).
void onCurrentDatabase().catch(() => undefined)

const root = document.getElementById('root')
if (!root) throw new Error('the page has no #root element')
createRoot(root).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
)
