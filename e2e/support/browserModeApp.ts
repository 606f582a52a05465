import { startSandbox, type RunningSandbox } from '../../src/sandbox/sandboxServer'
import { startBrowserHostProcess } from './browserHostProcess'

export interface BrowserModeApp {
  url: string
  sandbox: RunningSandbox
  /** The browser host's process: the main side, on its own. */
  hostPid: number
  stop(): Promise<void>
}

/**
 * The app as `npm start` runs it in browser mode, with its Local sandbox pointed at a sandbox
 * this test controls, so the test can stop the service, inject faults and count requests.
 */
export async function launchBrowserModeApp(
  extraEnv: Record<string, string> = {},
): Promise<BrowserModeApp> {
  const sandbox = await startSandbox()
  const host = await startBrowserHostProcess(sandbox.environment('sandbox'), extraEnv)
  return {
    url: host.url,
    sandbox,
    hostPid: host.pid,
    stop: async () => {
      host.stop()
      await sandbox.close()
    },
  }
}
