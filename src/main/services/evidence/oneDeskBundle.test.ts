import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundlePaths, evidenceFormat } from '../../../shared/evidence/bundleFormat'
import { verifyBundle } from '../../../shared/evidence/verifyBundle'
import { oneDeskSentence } from '../../../shared/team/fourEyes'
import {
  caseFixture,
  exportedBundle,
  exportedCheckOf,
} from '../../../test-support/evidenceFixtures'
import {
  searchOn,
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../../test-support/mainSideOnSandbox'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

/** A case closed with a true match on a desk in no team: nobody else could have reviewed it. */
describe('the bundle of a case closed on a one-person desk', () => {
  let app: MainSideOnSandbox
  let bundle: Uint8Array
  beforeAll(async () => {
    app = await startMainSideOnSandbox()
    const fixture = caseFixture([exportedCheckOf(await searchOn(app, sanctioned), 0)])
    bundle = await exportedBundle(app, fixture)
  })
  afterAll(() => app.stop())

  it('verifies in format 1, its report saying the close had no second review', () => {
    const verified = verifyBundle(bundle)
    expect(verified.problems).toEqual([])
    expect(verified.manifest?.format).toBe(evidenceFormat)
    const report = strFromU8(unzipSync(bundle)[bundlePaths.report]!)
    expect(report).toContain(`<td>Second review</td><td>${oneDeskSentence}</td>`)
  })

  it('is printed so by npm run verify-bundle', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cd-one-desk-')), 'bundle.zip')
    writeFileSync(path, bundle)
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(process.cwd(), 'scripts/verifyBundle.ts'), path],
      { encoding: 'utf8' },
    )
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(`Second review: ${oneDeskSentence}`)
    expect(run.stdout).not.toContain('Team admins')
  })
})
