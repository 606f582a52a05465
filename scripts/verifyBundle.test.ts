import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strToU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { minimalBundleEntries, zipOf } from '../src/test-support/bundleZipFixtures'

const workDir = mkdtempSync(join(tmpdir(), 'cd-verify-cli-'))

const runOn = (name: string, zip: Uint8Array) => {
  const path = join(workDir, name)
  writeFileSync(path, zip)
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', join(process.cwd(), 'scripts/verifyBundle.ts'), path],
    { encoding: 'utf8' },
  )
}

describe('npm run verify-bundle on names that try to steer the terminal', () => {
  it('prints an entry name holding an ANSI sequence escaped, so it cannot paint a false OK', () => {
    const painted = '\x1b[32mOK\x1b[0m'
    const failed = runOn(
      'painted.zip',
      zipOf([...minimalBundleEntries(), [painted, strToU8('smuggled')]]),
    )
    expect(failed.status).toBe(1)
    expect(failed.stdout).toContain(
      'ADDED \\u{1b}[32mOK\\u{1b}[0m is in the bundle but not listed in the manifest',
    )
    expect(failed.stdout).not.toContain('\x1b')
    expect(failed.stdout).toContain('FAILED: 1 problem(s)')
  })

  it('prints a case title holding a bidi override escaped', () => {
    const passed = runOn('bidi.zip', zipOf(minimalBundleEntries('Cleared \u202Edesolc\u202C case')))
    expect(passed.status).toBe(0)
    expect(passed.stdout).toContain('Case: Cleared \\u{202e}desolc\\u{202c} case (case_fixture)')
    expect(passed.stdout).not.toMatch(/[\u202a-\u202e]/)
  })
})
