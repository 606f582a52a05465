import { spawn, spawnSync } from 'node:child_process'
import { electronRuntimeMissing, electronRuntimePath, hasDisplay } from './electronRuntime'

const build = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
})
if (build.status !== 0) process.exit(build.status ?? 1)

const electron = electronRuntimePath()
const forceBrowser = process.env.COMPLIANCE_DESK_BROWSER_MODE === '1'
let child
if (electron && hasDisplay(process.env) && !forceBrowser) {
  child = spawn(electron, ['.'], { stdio: 'inherit' })
} else {
  const reason = forceBrowser
    ? 'COMPLIANCE_DESK_BROWSER_MODE=1 is set'
    : electron
      ? 'there is no display'
      : electronRuntimeMissing
  console.log(`Starting Compliance Desk in browser mode: ${reason}.`)
  child = spawn(process.execPath, ['out/main/browserHost.js'], { stdio: 'inherit' })
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
