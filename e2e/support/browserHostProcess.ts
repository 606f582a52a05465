import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface BrowserHostProcess {
  /** The printed address: its one-time launch code opens the app in one browser profile. */
  url: string
  /** Another one-time address, as the user gets one by pressing Enter in the host's terminal. */
  newLaunchAddress(): Promise<string>
  pid: number
  /** Stops the host as Ctrl+C would, resolving once the process has exited. */
  stop(): Promise<void>
  /** Kills the host outright (SIGKILL), as a crash would: it writes nothing more. */
  kill(): Promise<void>
}

/** What stays the same across restarts of one app: its data folder and its keychain entry. */
export interface HostProfile {
  dataDir: string
  keychainService: string
  local: { baseUrl: string; secretKey: string }
  extraEnv?: Record<string, string>
  /**
   * The host from its TypeScript sources (through tsx) instead of the build: for tests that run
   * before anything is built (the record's oracle in `npm run test:unit`).
   */
  fromSource?: boolean
}

const hostArgs = ({ fromSource }: HostProfile): string[] =>
  fromSource ? ['--import', 'tsx', 'src/main/host/browserHostCli.ts'] : ['out/main/browserHost.js']

const hostEnv = ({ dataDir, keychainService, local, extraEnv }: HostProfile) => ({
  ...process.env,
  PORT: '0',
  COMPLIANCE_DESK_DATA_DIR: dataDir,
  COMPLIANCE_DESK_KEYCHAIN_SERVICE: keychainService,
  COMPLIANCE_DESK_LOCAL_SANDBOX_URL: local.baseUrl,
  COMPLIANCE_DESK_LOCAL_SANDBOX_KEY: local.secretKey,
  ...extraEnv,
})

/**
 * The built browser host (`out/main/browserHost.js`) as `npm start` runs it, in a process of its
 * own with the profile's data folder and keychain entry, its Local sandbox pointed at `local`.
 */
export async function startBrowserHostProcess(profile: HostProfile): Promise<BrowserHostProcess> {
  const host = spawn(process.execPath, hostArgs(profile), {
    env: hostEnv(profile),
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => host.once('exit', () => resolve()))
  // Every address it prints, in order, each taken once.
  const printed: string[] = []
  let waiting: ((address: string) => void) | undefined
  createInterface({ input: host.stdout }).on('line', (line) => {
    const address = /Compliance Desk is running at (\S+)/.exec(line)?.[1]
    if (address === undefined) return
    if (waiting) waiting(address)
    else printed.push(address)
    waiting = undefined
  })
  const nextAddress = (): Promise<string> => {
    const address = printed.shift()
    if (address !== undefined) return Promise.resolve(address)
    return new Promise((resolve, reject) => {
      waiting = resolve
      void exited.then(() =>
        reject(new Error('the browser host exited before printing an address')),
      )
    })
  }
  const url = await nextAddress()
  return {
    url,
    newLaunchAddress: () => {
      const next = nextAddress()
      host.stdin.write('\n')
      return next
    },
    pid: host.pid ?? 0,
    stop: async () => {
      host.kill('SIGTERM')
      await exited
    },
    kill: async () => {
      host.kill('SIGKILL')
      await exited
    },
  }
}

/** A start that is refused: what it printed on stderr, and its exit code. */
export async function refusedBrowserHostStart(
  profile: HostProfile,
): Promise<{ code: number | null; stderr: string }> {
  const host = spawn(process.execPath, hostArgs(profile), {
    env: hostEnv(profile),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  host.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => host.once('exit', resolve))
  return { code, stderr }
}
