import '@mantine/core/styles.css'
import { createTheme, MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { connectBridge } from './bridge/bridgeClient'
import { queryClient } from './data/queryClient'

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", sans-serif',
  fontFamilyMonospace:
    'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", "Liberation Mono", monospace',
})

connectBridge()

const root = document.getElementById('root')
if (!root) throw new Error('the page has no #root element')
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
)
