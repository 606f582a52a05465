import { spawn } from 'node:child_process'
import type { SandboxEnvironmentInfo } from '../src/sandbox/sandboxServer'
import { startBrowserHostProcess, type BrowserHostProcess } from '../e2e/support/browserHostProcess'
import { firstLineMatching } from '../e2e/support/processLines'
import { testDataDir, testKeychainService } from '../e2e/support/testDataDir'

export interface BenchProcesses {
  local: SandboxEnvironmentInfo
  /** The browser-mode address, with the per-launch secret in its fragment. */
  appUrl: URL
  secret: string
  stop(): void
}

/**
 * `npm run sandbox` and the browser host, each in a process of its own as in real use, the host's
 * Local sandbox pointed at that sandbox so the bench knows its address and key.
 */
export async function startBenchProcesses(): Promise<BenchProcesses> {
  const sandbox = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/sandbox/sandboxCli.ts', '--rate-limit', '1000000'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  )
  let host: BrowserHostProcess | undefined
  const stop = (): void => {
    void host?.stop()
    sandbox.kill('SIGTERM')
  }
  try {
    const { environments } = JSON.parse(await firstLineMatching(sandbox, /^\{"environments"/)) as {
      environments: SandboxEnvironmentInfo[]
    }
    const local = environments.find((environment) => environment.name === 'sandbox')!
    host = await startBrowserHostProcess({
      dataDir: testDataDir(),
      keychainService: testKeychainService(),
      local,
    })
    const appUrl = new URL(host.url)
    return { local, appUrl, secret: appUrl.hash.replace('#secret=', ''), stop }
  } catch (error) {
    stop()
    throw error
  }
}
