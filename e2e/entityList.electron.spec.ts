import { _electron as electron, test, type ElectronApplication } from '@playwright/test'
import { electronRuntimePath, hasDisplay } from '../scripts/electronRuntime'
import { startSandbox, type RunningSandbox } from '../src/sandbox/sandboxServer'
import { entityListOfflineFlow } from './flows/entityListOfflineFlow'
import { testDataDir, testKeychainService } from './support/testDataDir'

const runtime = electronRuntimePath()
const skipReason =
  runtime === null
    ? 'the Electron runtime is not installed on this machine (its download host is unreachable); the same flow runs in browser mode'
    : !hasDisplay(process.env)
      ? 'there is no display for an Electron window (run under xvfb-run)'
      : null

let app: ElectronApplication | undefined
let sandbox: RunningSandbox | undefined

test.afterEach(async () => {
  await app?.close()
  await sandbox?.close()
})

test('Electron: first launch lists entities from the local sandbox and keeps them readable offline', async () => {
  if (skipReason !== null) console.log(`Skipping the Electron e2e spec: ${skipReason}.`)
  test.skip(skipReason !== null, skipReason ?? '')
  sandbox = await startSandbox()
  const local = sandbox.environment('sandbox')
  app = await electron.launch({
    executablePath: runtime!,
    args: ['.'],
    env: {
      ...process.env,
      COMPLIANCE_DESK_DATA_DIR: testDataDir(),
      COMPLIANCE_DESK_KEYCHAIN_SERVICE: testKeychainService(),
      COMPLIANCE_DESK_LOCAL_SANDBOX_URL: local.baseUrl,
      COMPLIANCE_DESK_LOCAL_SANDBOX_KEY: local.secretKey,
    },
  })
  const window = await app.firstWindow()
  await entityListOfflineFlow(window, () => sandbox!.close(), 'electron')
})
