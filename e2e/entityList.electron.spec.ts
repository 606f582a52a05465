import { test } from '@playwright/test'
import { entityListOfflineFlow } from './flows/entityListOfflineFlow'
import {
  launchElectronApp,
  skipWithoutElectron,
  type RunningElectronApp,
} from './support/electronApp'

let running: RunningElectronApp | undefined

test.afterEach(async () => {
  await running?.close()
  running = undefined
})

test('Electron: first launch lists entities from the local sandbox and keeps them readable offline', async () => {
  skipWithoutElectron()
  running = await launchElectronApp()
  const { sandbox } = running
  const window = await running.app.firstWindow()
  await entityListOfflineFlow(window, () => sandbox.close(), 'electron')
})
