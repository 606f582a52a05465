import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { electronRuntimePath } from './electronRuntime'

/**
 * package.json denies electron's own install script, whose failed download would fail the whole
 * `npm install` where its host is unreachable. This tries the same download, bounded, and never
 * fails the install: without the runtime, `npm start` runs the browser mode.
 */
if (process.env.CI || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD || electronRuntimePath()) {
  process.exit(0)
}
const installer = join(
  dirname(createRequire(import.meta.url).resolve('electron/package.json')),
  'install.js',
)
const result = spawnSync(process.execPath, [installer], { stdio: 'pipe', timeout: 120_000 })
if (result.status === 0 && electronRuntimePath()) {
  console.log('Electron runtime installed.')
} else {
  console.log(
    'Electron runtime could not be downloaded here; `npm start` will run Compliance Desk in browser mode.',
  )
}
