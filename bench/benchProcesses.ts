import { spawn } from 'node:child_process'
import type { SandboxEnvironmentInfo } from '../src/sandbox/sandboxServer'
import { startBrowserHostProcess, type BrowserHostProcess } from '../e2e/support/browserHostProcess'
import { firstLineMatching } from '../e2e/support/processLines'
import { openHostSession, type HostSession } from '../src/test-support/hostSession'
import { testDataDir, testKeychainService } from '../e2e/support/testDataDir'

export interface BenchProcesses {
  local: SandboxEnvironmentInfo
  /** The browser-mode address, with its one-time launch code, for the bench's browser. */
  appUrl: URL
  /** A session of its own, for calls from Node (which keeps no cookies). */
  nodeSession: HostSession
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
    const nodeSession = await openHostSession(await host.newLaunchAddress())
    return { local, appUrl: new URL(host.url), nodeSession, stop }
  } catch (error) {
    stop()
    throw error
  }
}
