import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { startSandbox, type RunningSandbox } from '../../src/sandbox/sandboxServer'
import { testDataDir, testKeychainService } from './testDataDir'

export interface BrowserModeApp {
  url: string
  sandbox: RunningSandbox
  stop(): Promise<void>
}

/**
 * The app as `npm start` runs it in browser mode (the built host, a process of its own), with its
 * Local sandbox pointed at a sandbox this test controls, so the test can stop the service.
 */
export async function launchBrowserModeApp(
  extraEnv: Record<string, string> = {},
): Promise<BrowserModeApp> {
  const sandbox = await startSandbox()
  const local = sandbox.environment('sandbox')
  const host: ChildProcess = spawn(process.execPath, ['out/main/browserHost.js'], {
    env: {
      ...process.env,
      PORT: '0',
      COMPLIANCE_DESK_DATA_DIR: testDataDir(),
      COMPLIANCE_DESK_KEYCHAIN_SERVICE: testKeychainService(),
      COMPLIANCE_DESK_LOCAL_SANDBOX_URL: local.baseUrl,
      COMPLIANCE_DESK_LOCAL_SANDBOX_KEY: local.secretKey,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: host.stdout! })
    lines.on('line', (line) => {
      const match = /Compliance Desk is running at (\S+)/.exec(line)
      if (match?.[1]) resolve(match[1])
    })
    host.once('exit', (code) => reject(new Error(`browser host exited early with code ${code}`)))
  })
  return {
    url,
    sandbox,
    stop: async () => {
      host.kill('SIGTERM')
      await sandbox.close()
    },
  }
}
