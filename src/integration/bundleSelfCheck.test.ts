import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CryptoSearchResult } from '../shared/bridge/cryptoContract'
import { bundlePaths, type BundleManifest } from '../shared/evidence/bundleFormat'
import { verifyBundle } from '../shared/evidence/verifyBundle'
import {
  caseFixture,
  exportedBundle,
  exportedCheckOf,
  type CaseFixture,
} from '../test-support/evidenceFixtures'
import {
  searchOn,
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../test-support/mainSideOnSandbox'

/**
 * The report's "How to check this report without Compliance Desk" holds: its commands, taken from
 * the report as printed and run as they stand with the real unzip, sha256sum, jq, xxd and
 * openssl, pass an exported bundle and catch a changed file and a changed manifest.
 */
const tools = ['unzip', 'sha256sum', 'jq', 'xxd', 'openssl']
const missing = tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
// CI installs every one of them (.ci/run): there a missing tool fails the run rather than skip it.
const hasTools = missing.length === 0 || Boolean(process.env.CI)
if (!hasTools) {
  console.warn(
    `bundleSelfCheck: skipped, ${missing.join(', ')} not installed here to run the report's steps with`,
  )
}

const wallets = [
  '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
]

let app: MainSideOnSandbox
let fixture: CaseFixture
let bundle: Uint8Array

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }

/** The commands of the report's self-check section, in order, as a reader copies them. */
function stepsOf(report: string): string[] {
  const section = report.slice(report.indexOf('<section class="self-check"'))
  return [...section.matchAll(/<pre class="command"><code>([\s\S]*?)<\/code><\/pre>/g)].map(
    ([, code]) =>
      (code ?? '').replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name]!),
  )
}

/**
 * Runs the steps in one shell in a fresh folder holding the bundle as bundle.zip, as the report
 * asks; what each step printed, its errors with its output, as the reader sees them.
 */
function runSteps(zip: Uint8Array, steps: readonly string[]): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'cd-self-check-'))
  writeFileSync(join(folder, 'bundle.zip'), zip)
  const marker = '@@ step done @@'
  const script = steps.map((step) => `{\n${step}\n} 2>&1\necho '${marker}'`).join('\n')
  const run = spawnSync('bash', ['-c', script], { cwd: folder, encoding: 'utf8' })
  return run.stdout.split(`${marker}\n`).slice(0, steps.length)
}

beforeAll(async () => {
  app = await startMainSideOnSandbox()
  const results: CryptoSearchResult[] = []
  for (const query of wallets) {
    results.push(await searchOn(app, query))
  }
  fixture = caseFixture(results.map((result, index) => exportedCheckOf(result, index)))
  bundle = await exportedBundle(app, fixture)
})

afterAll(async () => {
  await app.stop()
})

describe.skipIf(!hasTools)('checking a bundle without the app, as its report says', () => {
  it('passes the bundle as exported: every file OK, nothing unlisted, the signer’s key, a valid signature', () => {
    const files = unzipSync(bundle)
    const report = strFromU8(files[bundlePaths.report]!)
    const manifest = JSON.parse(strFromU8(files[bundlePaths.manifest]!)) as BundleManifest
    const steps = stepsOf(report)
    expect(steps).toHaveLength(7)
    const [unpacked, hashes, unlisted, saved, key, signature, verified] = runSteps(bundle, steps)
    expect(unpacked).toBe('')
    expect(saved).toBe('')
    expect(hashes!.trim().split('\n').sort()).toEqual(
      manifest.files.map((file) => `${file.path}: OK`).sort(),
    )
    expect(unlisted).toBe('')
    expect(key!.trim()).toBe(manifest.signer!.fingerprint)
    expect(report).toContain(manifest.signer!.fingerprint)
    expect(signature).toBe('')
    expect(verified!.trim()).toBe('Signature Verified Successfully')
  })

  it('names a changed file, an unlisted one and a manifest changed after signing', () => {
    const files = unzipSync(bundle)
    const steps = stepsOf(strFromU8(files[bundlePaths.report]!))
    const raw = Object.keys(files).find((path) => path.endsWith('/response.raw'))!
    const changed = Uint8Array.from(files[raw]!)
    changed[5] = changed[5]! ^ 1
    const manifest = strFromU8(files[bundlePaths.manifest]!)
    const tampered = zipSync({
      ...files,
      [raw]: changed,
      'checks/0001-extra/note.txt': strToU8('added after signing'),
      // The same manifest in other bytes: one more space, nothing else.
      [bundlePaths.manifest]: strToU8(manifest.replace('{', '{ ')),
    })
    expect(verifyBundle(tampered).ok).toBe(false)
    const [, hashes, unlisted, , , , verified] = runSteps(tampered, steps)
    expect(hashes).toContain(`${raw}: FAILED`)
    expect(unlisted!.trim()).toBe('checks/0001-extra/note.txt')
    expect(verified).toContain('Signature Verification Failure')
  })
})
