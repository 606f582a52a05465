import { _electron as electron, type ElectronApplication } from '@playwright/test'
import { electronRuntimePath, hasDisplay } from '../../scripts/electronRuntime'
import { startSandbox, type RunningSandbox } from '../../src/sandbox/sandboxServer'
import { testDataDir, testKeychainService } from './testDataDir'

const runtime = electronRuntimePath()

/** Why Electron cannot run here, or null when it can. */
export const electronSkipReason: string | null =
  runtime === null
    ? 'the Electron runtime is not installed on this machine (its download host is unreachable); the same flow runs in browser mode'
    : !hasDisplay(process.env)
      ? 'there is no display for an Electron window (run under xvfb-run)'
      : null

export interface RunningElectronApp {
  app: ElectronApplication
  sandbox: RunningSandbox
  /** The native save dialog cannot be clicked by a test: the main process's answer is set instead. */
  answerSaveDialogWith(filePath: string): Promise<void>
  close(): Promise<void>
}

/** The app under Electron, its own data folder, its Local sandbox pointed at one this test owns. */
export async function launchElectronApp(): Promise<RunningElectronApp> {
  if (runtime === null) throw new Error('the Electron runtime is not installed')
  const sandbox = await startSandbox()
  const local = sandbox.environment('sandbox')
  const app = await electron.launch({
    executablePath: runtime,
    args: ['.'],
    env: {
      ...process.env,
      COMPLIANCE_DESK_DATA_DIR: testDataDir(),
      COMPLIANCE_DESK_KEYCHAIN_SERVICE: testKeychainService(),
      COMPLIANCE_DESK_LOCAL_SANDBOX_URL: local.baseUrl,
      COMPLIANCE_DESK_LOCAL_SANDBOX_KEY: local.secretKey,
    },
  })
  return {
    app,
    sandbox,
    answerSaveDialogWith: async (filePath) => {
      await app.evaluate(({ dialog }, chosen) => {
        dialog.showSaveDialog = async () => ({ canceled: false, filePath: chosen })
      }, filePath)
    },
    close: async () => {
      await app.close()
      await sandbox.close()
    },
  }
}
