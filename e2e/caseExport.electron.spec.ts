import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { verifyBundle } from '../src/shared/evidence/verifyBundle'
import { CasesPage } from './pages/casesPage'
import { SearchPage } from './pages/searchPage'
import {
  launchElectronApp,
  skipWithoutElectron,
  type RunningElectronApp,
} from './support/electronApp'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
let running: RunningElectronApp | undefined

test.afterEach(async () => {
  await running?.close()
  running = undefined
})

test('Electron: a closed case is exported where the save dialog says, complete and verifiable', async () => {
  skipWithoutElectron()
  running = await launchElectronApp()
  const chosen = join(mkdtempSync(join(tmpdir(), 'cd-electron-export-')), 'case.zip')
  // The native dialog cannot be clicked by a test: the main process's answer is set instead.
  await running.app.evaluate(({ dialog }, filePath) => {
    dialog.showSaveDialog = async () => ({
      canceled: false,
      filePath,
    })
  }, chosen)
  const window = await running.app.firstWindow()
  await expect(window.locator('html[data-app-state="ready"]')).toHaveCount(1)

  const cases = new CasesPage(window)
  const search = new SearchPage(window)
  await cases.open()
  await cases.create('Electron case', 'A wallet', '')
  await search.open()
  await search.search(sanctioned)
  await window.getByTestId('add-to-case-button').click()
  await window.getByTestId('add-to-case-option').filter({ hasText: 'Electron case' }).click()
  await window.getByTestId('case-membership').click()
  await cases.decideHit(0, 'True match', 'Listed by OFAC.')
  await cases.close('Reported to the authorities', 'Confirmed.')
  await window.getByTestId('case-export').click()
  await expect(window.getByTestId('export-done')).toContainText(`Saved to ${chosen}`)

  expect(existsSync(`${chosen}.partial`)).toBe(false)
  const verification = verifyBundle(readFileSync(chosen))
  expect(verification.problems).toEqual([])
  expect(verification.manifest?.counts).toMatchObject({ checks: 1, hits: 1, decisions: 1 })
})
