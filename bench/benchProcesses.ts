import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { SandboxEnvironmentInfo } from '../src/sandbox/sandboxServer'
import { testDataDir, testKeychainService } from '../e2e/support/testDataDir'

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

const firstLineMatching = (child: ChildProcess, pattern: RegExp): Promise<string> =>
  new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (pattern.test(line)) resolve(line)
    })
    child.once('exit', (code) => reject(new Error(`process exited early with code ${code}`)))
  })

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
  let host: ChildProcess | undefined
  const stop = (): void => {
    host?.kill('SIGTERM')
    sandbox.kill('SIGTERM')
  }
  try {
    const { environments } = JSON.parse(await firstLineMatching(sandbox, /^\{"environments"/)) as {
      environments: SandboxEnvironmentInfo[]
    }
    const local = environments.find((environment) => environment.name === 'sandbox')!
    host = spawn(process.execPath, ['out/main/browserHost.js'], {
      env: {
        ...process.env,
        PORT: '0',
        COMPLIANCE_DESK_DATA_DIR: testDataDir(),
        COMPLIANCE_DESK_KEYCHAIN_SERVICE: testKeychainService(),
        COMPLIANCE_DESK_LOCAL_SANDBOX_URL: local.baseUrl,
        COMPLIANCE_DESK_LOCAL_SANDBOX_KEY: local.secretKey,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const appUrl = new URL(
      /(http:\/\/\S+)/.exec(await firstLineMatching(host, /is running at/))![1]!,
    )
    return { local, appUrl, secret: appUrl.hash.replace('#secret=', ''), stop }
  } catch (error) {
    stop()
    throw error
  }
}
