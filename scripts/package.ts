import { spawnSync } from 'node:child_process'
import { build } from 'electron-builder'
import { packagingConfig } from '../packaging.config'
import { electronRuntimeMissing, electronRuntimePath } from './electronRuntime'

// Where Electron cannot be downloaded, neither can the binary an installer is made of.
if (!electronRuntimePath()) {
  console.error(
    `Compliance Desk cannot be packaged here: ${electronRuntimeMissing}; run \`npm run package\` where it can be downloaded.`,
  )
  process.exit(1)
}
const vite = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
})
if (vite.status !== 0) process.exit(vite.status ?? 1)
await build({ config: packagingConfig, publish: 'never' })
