import { join } from 'node:path'
import { blockReplacing } from '../../src/test-support/refusingStorage'
import {
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../src/sandbox/sandboxServer'
import {
  refusedBrowserHostStart,
  startBrowserHostProcess,
  type BrowserHostProcess,
  type HostProfile,
} from './browserHostProcess'
import { testDataDir, testKeychainService } from './testDataDir'

export interface BrowserModeApp {
  /**
   * The address the current launch printed (each launch prints a new one). Its launch code opens
   * the app in one browser profile: the tabs of the first one to open it, and no other.
   */
  readonly url: string
  /** Another one-time address of the current launch, for another browser profile. */
  newLaunchAddress(): Promise<string>
  sandbox: RunningSandbox
  /** The browser host's process: the main side, on its own. */
  readonly hostPid: number
  /** Stops the host and starts it again, as a user would, with the same data folder. */
  restart(): Promise<void>
  /** Kills the host mid-whatever (SIGKILL) and starts it again with the same data folder. */
  crashAndStart(): Promise<void>
  /**
   * Stops the host and starts it again on a data folder it cannot write: something stands where
   * the request journal is rewritten at start (a folder with a file in it, which storage refuses
   * to replace, even for root), so it starts read-only.
   */
  restartReadOnly(): Promise<void>
  /** A second start for the same data folder while this one runs: it must be refused. */
  startAgain(): Promise<{ code: number | null; stderr: string }>
  stop(): Promise<void>
}

/**
 * The app as `npm start` runs it in browser mode, with its Local sandbox pointed at a sandbox
 * this test controls, so the test can stop the service, inject faults and count requests.
 * `sandboxOptions` start that sandbox otherwise (e.g. a rate limit a bench names); by default it
 * runs as `startSandbox()` does.
 */
export async function launchBrowserModeApp(
  extraEnv: Record<string, string> = {},
  sandboxOptions: SandboxOptions = {},
): Promise<BrowserModeApp> {
  const sandbox = await startSandbox(sandboxOptions)
  const profile: HostProfile = {
    dataDir: testDataDir(),
    keychainService: testKeychainService(),
    local: sandbox.environment('sandbox'),
    extraEnv,
  }
  let host: BrowserHostProcess = await startBrowserHostProcess(profile)
  return {
    get url() {
      return host.url
    },
    newLaunchAddress: () => host.newLaunchAddress(),
    sandbox,
    get hostPid() {
      return host.pid
    },
    restart: async () => {
      await host.stop()
      host = await startBrowserHostProcess(profile)
    },
    crashAndStart: async () => {
      await host.kill()
      host = await startBrowserHostProcess(profile)
    },
    restartReadOnly: async () => {
      await host.stop()
      blockReplacing(join(profile.dataDir, 'requests.journal'))
      host = await startBrowserHostProcess(profile)
    },
    startAgain: () => refusedBrowserHostStart(profile),
    stop: async () => {
      await host.stop()
      await sandbox.close()
    },
  }
}
