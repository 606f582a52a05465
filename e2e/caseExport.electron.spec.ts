import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { verifyBundle } from '../src/shared/evidence/verifyBundle'
import { expect, test } from './fixtures/electronTest'
import { investigator } from './pages/investigatorForm'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

test('Electron: a closed case is exported where the save dialog says, complete and verifiable', async ({
  electronApp,
  cases,
  search,
}) => {
  const chosen = join(mkdtempSync(join(tmpdir(), 'cd-electron-export-')), 'case.zip')
  await electronApp.answerSaveDialogWith(chosen)

  await cases.open()
  await cases.sayWhoIAm()
  await cases.create('Electron case', 'A wallet', '')
  await search.open()
  await search.search(sanctioned)
  await search.result.addToCase('Electron case')
  await search.result.openCase()
  await cases.decideHit(0, 'True match', 'Listed by OFAC.')
  await cases.close('Reported to the authorities', 'Confirmed.')
  await cases.exportToChosenFile()
  await expect(cases.exportDone).toContainText(`Saved to ${chosen}`)

  expect(existsSync(`${chosen}.partial`)).toBe(false)
  const verification = verifyBundle(readFileSync(chosen))
  expect(verification.problems).toEqual([])
  expect(verification.signature).toMatchObject({
    status: 'valid',
    signer: { name: investigator.name },
  })
  expect(verification.manifest?.counts).toMatchObject({ checks: 1, hits: 1, decisions: 1 })
})
