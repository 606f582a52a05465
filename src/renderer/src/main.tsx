import '@mantine/core/styles.css'
import { createTheme, MantineProvider } from '@mantine/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", sans-serif',
  fontFamilyMonospace:
    'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", "Liberation Mono", monospace',
})

const root = document.getElementById('root')
if (!root) throw new Error('the page has no #root element')
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <App />
    </MantineProvider>
  </StrictMode>,
)
