import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strToU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CryptoSearchResult } from '../../../shared/bridge/cryptoContract'
import { nextAuditEntry } from '../../../shared/cases/auditChain'
import type { AuditEntry } from '../../../shared/cases/caseSchemas'
import { caseNumber } from '../../../shared/cases/caseNumber'
import { untrustedRestoreChange } from '../../../shared/cases/untrustedRestore'
import {
  bundlePaths,
  currentReportLayout,
  manifestSchema,
  type BundleManifest,
} from '../../../shared/evidence/bundleFormat'
import { verifyBundle } from '../../../shared/evidence/verifyBundle'
import { EvidenceExporter } from './evidenceExporter'
import {
  searchOn,
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../../test-support/mainSideOnSandbox'
import {
  caseFixture,
  exportedBundle,
  exportedCheckOf,
  exportThroughBridge,
  fixtureActor,
  fixtureSigning,
  type CaseFixture,
} from '../../../test-support/evidenceFixtures'
import {
  editJson,
  forgeBundle,
  rezipBundle,
  strangerKey,
  tamperBundle,
  type BundleFiles,
} from '../../../test-support/bundleTampering'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const clean = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const plantedProductionKey = 'sk_live_PLANTED_export_key_Xy7Qw3'

let app: MainSideOnSandbox
let fixture: CaseFixture
let bundle: Uint8Array
const workDir = mkdtempSync(join(tmpdir(), 'cd-export-'))

const search = (query: string): Promise<CryptoSearchResult> => searchOn(app, query)

const rezip = (edit: (files: BundleFiles) => void): Uint8Array => rezipBundle(bundle, edit)

/** `trail` with a restore from an untrusted backup recorded after its last entry, as a restore does. */
const restoredUntrustedFrom = (trail: readonly AuditEntry[]): AuditEntry[] => [
  ...trail,
  nextAuditEntry(
    trail[0]!.caseId,
    trail.at(-1),
    untrustedRestoreChange({
      fileName: 'found-on-a-stick.zip',
      manifestSha256: 'b'.repeat(64),
      reason: 'The backup is not signed.',
    }),
    fixtureActor,
  ),
]

const problemsOf = (zip: Uint8Array) =>
  verifyBundle(zip).problems.map((problem) => `${problem.kind} ${problem.path ?? ''}`.trim())

beforeAll(async () => {
  app = await startMainSideOnSandbox()
  const planted = await app.call('keys.set', {
    environment: 'production',
    secretKey: plantedProductionKey,
  })
  expect(planted.ok).toBe(true)
  const checks = [await search(sanctioned), await search(clean), await search(sanctioned)]
  fixture = caseFixture(checks.map((result, index) => exportedCheckOf(result, index)))
  bundle = await exportedBundle(app, fixture, 1)
})

afterAll(async () => {
  await app.stop()
})

describe('exporting a case', () => {
  it('writes a manifest listing every other file of the ZIP with its SHA-256 and size', () => {
    const files = unzipSync(bundle)
    const manifest = manifestSchema.parse(
      JSON.parse(new TextDecoder().decode(files['manifest.json'])),
    )
    expect(manifest).toMatchObject({
      format: 'compliance-desk-evidence/1',
      reportLayout: currentReportLayout,
      case: { id: 'case_fixture', state: 'closed' },
      counts: { checks: 3, hits: 2, decisions: 2, entities: 1, notes: 1 },
      auditTrail: { entries: 8, intact: true },
    })
    expect(manifest.files.map((file) => file.path).sort()).toEqual(
      Object.keys(files)
        .filter((path) => path !== 'manifest.json' && path !== 'signature.json')
        .sort(),
    )
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'case.json',
        'entities.json',
        'notes.json',
        'decisions.json',
        'audit-trail.json',
        'hits.csv',
        'report.html',
        'checks/0001-' + fixture.checks[0]!.check.id + '/response.raw',
      ]),
    )
  })

  it('keeps the raw answer of every check byte for byte, beside its parsed JSON', () => {
    const files = unzipSync(bundle)
    fixture.checks.forEach((check, index) => {
      const folder = `${String(index + 1).padStart(4, '0')}-${check.check.id}`
      const raw = files[bundlePaths.rawResponse(folder)]
      expect(
        Buffer.from(raw!).equals(Buffer.from(check.evidence.response.bodyBase64, 'base64')),
      ).toBe(true)
      const parsed = JSON.parse(
        new TextDecoder().decode(files[bundlePaths.parsedCheck(folder)]),
      ) as {
        check: { id: string }
        evidence: { response: { bodyBase64?: string; status: number } }
      }
      expect(parsed.check.id).toBe(check.check.id)
      expect(parsed.evidence.response.status).toBe(200)
      expect(parsed.evidence.response.bodyBase64).toBeUndefined()
    })
  })

  it('writes one hits.csv row per hit with its decision, naming the holder, the chain and the lists', () => {
    const csv = new TextDecoder().decode(unzipSync(bundle)['hits.csv'])
    const lines = csv.trim().split('\n')
    expect(lines[0]).toBe(
      '"check_folder","check_id","environment","identifier","fetched_at","check_status","category","hit_key","holder","record_title","chain","lists","datasets","decision","rationale","decided_at"',
    )
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(
      `"sanctions:${sanctioned}@ETH#Peijnenburg, Alex Adrianus Martinus","Peijnenburg, Alex Adrianus Martinus","${sanctioned}","ETH","US OFAC SDN list","us_ofac_sdn"`,
    )
    expect(lines[1]).toContain('"true_match"')
  })

  it('names the case by its number in case.json and on every page of the report', () => {
    const files = unzipSync(bundle)
    const number = caseNumber(fixture.caseRecord.id)
    expect(JSON.parse(new TextDecoder().decode(files['case.json']))).toMatchObject({
      id: fixture.caseRecord.id,
      caseNumber: number,
    })
    const html = new TextDecoder().decode(files['report.html'])
    expect(html).toContain(`<p class="case-number" data-case-number>${number}</p>`)
    expect(html).toMatch(
      /@bottom-right \{ content: "Page " counter\(page\) " of " counter\(pages\)/,
    )
  })

  it('writes a self-contained report that escapes what it shows and asks for nothing outside', () => {
    const html = new TextDecoder().decode(unzipSync(bundle)['report.html'])
    expect(html).toContain("default-src 'none'")
    expect(html).toContain('Fixture case &lt;with markup&gt;')
    expect(html).not.toContain('<with markup>')
    expect(html).not.toMatch(/<script|<link|<img|<iframe|url\(|@import|src=|href=/i)
    expect(html).toContain('Reported to the authorities')
  })

  it('makes a ZIP that standard tools open', () => {
    const path = join(workDir, 'standard.zip')
    writeFileSync(path, bundle)
    const unzip = spawnSync('unzip', ['-tq', path], { encoding: 'utf8' })
    if (unzip.error && !process.env.CI) {
      console.warn('skipping the unzip check: the unzip command is not installed (CI installs it)')
      return
    }
    expect(unzip.stdout).toContain('No errors detected')
  })

  it('never contains a secret key: neither the one the checks were run with nor a stored one', () => {
    const keys = [app.sandbox.environment('sandbox').secretKey, plantedProductionKey]
    const contents = [
      Buffer.from(bundle),
      ...Object.values(unzipSync(bundle)).map((bytes) => Buffer.from(bytes)),
    ]
    for (const key of keys) {
      expect(key.length).toBeGreaterThan(8)
      for (const content of contents) {
        expect(content.includes(key)).toBe(false)
        expect(content.includes(Buffer.from(key).toString('base64').slice(0, 16))).toBe(false)
      }
    }
  })

  it('refuses checks that are not linked to the case and removes the partial file', async () => {
    const stray = { ...fixture, caseRecord: { ...fixture.caseRecord, checkIds: [] } }
    await expect(exportThroughBridge(app.call, stray)).rejects.toThrow(/not linked to this case/)
  })

  it('refuses to finish while linked checks are missing', async () => {
    const partial = { ...fixture, checks: fixture.checks.slice(0, 1) }
    await expect(exportThroughBridge(app.call, partial)).rejects.toThrow(
      /2 linked checks were not sent/,
    )
  })
})

describe('a case restored from an untrusted backup', () => {
  it('is refused by the exporter itself, before a file is even asked for', async () => {
    let asked = 0
    const exporter = new EvidenceExporter(
      {
        open: () => {
          asked += 1
          return Promise.resolve(null)
        },
      },
      'test',
      await fixtureSigning(),
    )
    const restoredUntrusted = {
      restoredAt: '2026-11-26T12:00:00.000Z',
      fileName: 'found-on-a-stick.zip',
      reason: 'Its signature does not hold.',
    }
    await expect(
      exporter.begin({ ...fixture.caseRecord, restoredUntrusted }),
    ).rejects.toMatchObject({
      name: 'ValidationError',
      message:
        "This case was restored from an untrusted backup (“found-on-a-stick.zip”: Its signature does not hold.), so it cannot be exported under this computer's signature: its history cannot be vouched for. Nothing was written.",
    })
    expect(asked).toBe(0)
  })

  it('is refused over the bridge too, whatever the renderer did before asking', async () => {
    const restoredUntrusted = {
      restoredAt: '2026-11-26T12:00:00.000Z',
      fileName: 'backup.zip',
      reason: 'Nobody this computer trusts signed it.',
    }
    const reply = await app.call('evidence.beginExport', {
      case: { ...fixture.caseRecord, restoredUntrusted },
    })
    expect(reply.ok).toBe(false)
    if (!reply.ok) expect(reply.error.message).toMatch(/^This case was restored from an untrusted/)
  })

  it('is refused by its audit trail when its record no longer says so, naming the entry', async () => {
    const stripped = { ...fixture, auditTrail: restoredUntrustedFrom(fixture.auditTrail) }
    expect(stripped.caseRecord.restoredUntrusted).toBeUndefined()
    await expect(exportThroughBridge(app.call, stripped)).rejects.toThrow(
      `This case's audit trail says its history cannot be vouched for: entry ${stripped.auditTrail.length} records a restore from an untrusted backup (“found-on-a-stick.zip”: The backup is not signed.). So it cannot be exported under this computer's signature. Nothing was written.`,
    )
  })
})

describe('verifying a bundle', () => {
  it('passes an untouched bundle', () => {
    const result = verifyBundle(bundle)
    expect(result.problems).toEqual([])
    expect(result.ok).toBe(true)
    expect(result.matched).toBe(result.manifest?.files.length)
  })

  it('fails as to meaning when its trail records a restore from an untrusted backup, though signed by whoever made every entry', () => {
    const forger = strangerKey()
    const restored = forgeBundle(
      bundle,
      (files) => {
        editJson<AuditEntry[]>(files, bundlePaths.auditTrail, (trail) =>
          trail.splice(0, trail.length, ...restoredUntrustedFrom(trail)),
        )
        editJson<BundleManifest>(files, bundlePaths.manifest, (manifest) => {
          manifest.auditTrail.entries += 1
        })
      },
      forger,
    )
    expect(verifyBundle(restored).problems).toEqual([
      {
        kind: 'meaning',
        path: bundlePaths.auditTrail,
        detail: `entry ${fixture.auditTrail.length + 1} records a restore from an untrusted backup (“found-on-a-stick.zip”: The backup is not signed.): its history is not the signer's to vouch for`,
      },
    ])
  })

  it('names a file with one changed byte', () => {
    const path = bundlePaths.rawResponse(`0001-${fixture.checks[0]!.check.id}`)
    const tampered = rezip((files) => {
      const bytes = Uint8Array.from(files[path]!)
      bytes[10] = bytes[10]! ^ 1
      files[path] = bytes
    })
    // The raw answer no longer reads as one, which its check.json is then said not to be.
    expect(problemsOf(tampered)).toEqual([`changed ${path}`, `meaning ${path}`])
  })

  it('catches an edited manifest: a changed hash, and a changed case title', () => {
    const editManifest = (
      change: (manifest: { files: Array<{ sha256: string }>; case: { title: string } }) => void,
    ) =>
      rezip((files) => {
        const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as Parameters<
          typeof change
        >[0]
        change(manifest)
        files['manifest.json'] = strToU8(JSON.stringify(manifest))
      })
    expect(
      problemsOf(editManifest((manifest) => (manifest.files[0]!.sha256 = 'f'.repeat(64)))),
    ).toEqual(['changed case.json', 'signature signature.json'])
    expect(problemsOf(editManifest((manifest) => (manifest.case.title = 'Another case')))).toEqual([
      'signature signature.json',
      'manifest manifest.json',
    ])
  })

  it('names an added file and a removed one', () => {
    expect(problemsOf(rezip((files) => (files['extra.txt'] = strToU8('smuggled'))))).toEqual([
      'added extra.txt',
    ])
    expect(problemsOf(rezip((files) => delete files['report.html']))).toEqual([
      'missing report.html',
      'meaning report.html',
    ])
  })

  it('catches an audit trail rewritten together with its manifest entry', () => {
    const tampered = rezip((files) => {
      const trail = JSON.parse(new TextDecoder().decode(files['audit-trail.json'])) as Array<{
        summary: string
      }>
      trail[1]!.summary = 'Nothing happened'
      files['audit-trail.json'] = strToU8(JSON.stringify(trail))
      const manifest = manifestSchema.parse(
        JSON.parse(new TextDecoder().decode(files['manifest.json'])),
      )
      const entry = manifest.files.find((file) => file.path === 'audit-trail.json')!
      entry.sha256 = createHash('sha256').update(files['audit-trail.json']).digest('hex')
      entry.bytes = files['audit-trail.json'].length
      files['manifest.json'] = strToU8(JSON.stringify(manifest))
    })
    // The report still shows the entry as it was written.
    expect(problemsOf(tampered)).toEqual([
      'signature signature.json',
      'audit-trail audit-trail.json',
      'meaning report.html',
    ])
  })

  it('refuses entries that are absolute or leave the bundle, and writes nothing', () => {
    const escape = `../cd-escape-${process.pid}.txt`
    const tampered = rezip((files) => {
      files[escape] = strToU8('escape')
      files['/tmp/cd-absolute.txt'] = strToU8('absolute')
    })
    const result = verifyBundle(tampered)
    expect(result.ok).toBe(false)
    expect(
      result.problems
        .filter((problem) => problem.kind === 'refused')
        .map((problem) => problem.path)
        .sort(),
    ).toEqual(['/tmp/cd-absolute.txt', escape].sort())
    expect(result.files.has(escape)).toBe(false)
    expect(existsSync(join(process.cwd(), escape))).toBe(false)
    expect(existsSync('/tmp/cd-absolute.txt')).toBe(false)
  })

  it('fails, naming why, a trail that RFC 8785 cannot hash (a lone surrogate), without stopping', () => {
    const tampered = tamperBundle(bundle, (files) =>
      editJson<Array<{ summary: string }>>(files, bundlePaths.auditTrail, (trail) => {
        trail[0]!.summary = `Case opened ${String.fromCharCode(0xd800)}`
      }),
    )
    const result = verifyBundle(tampered)
    expect(result.ok).toBe(false)
    const unreadable = result.problems.filter((problem) => problem.kind === 'unreadable')
    expect(unreadable).toHaveLength(1)
    expect(unreadable[0]?.detail).toMatch(/^its contents cannot be checked: /)
  })

  it('says plainly when a file is not a ZIP at all', () => {
    expect(problemsOf(strToU8('not a zip'))).toEqual(['unreadable'])
  })
})

describe('npm run verify-bundle', () => {
  const run = (path: string) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', join(process.cwd(), 'scripts/verifyBundle.ts'), path],
      {
        encoding: 'utf8',
      },
    )

  it('exits 0 on an untouched bundle and 1 naming the changed file on a tampered one', () => {
    const good = join(workDir, 'good.zip')
    writeFileSync(good, bundle)
    const passed = run(good)
    expect(passed.stdout).toContain('OK: every file matches')
    expect(passed.status).toBe(0)

    const bad = join(workDir, 'bad.zip')
    writeFileSync(
      bad,
      rezip((files) => (files['notes.json'] = strToU8('[]'))),
    )
    const failed = run(bad)
    expect(failed.status).toBe(1)
    expect(failed.stdout).toContain('CHANGED notes.json')
  })

  it('exits 1 and names an entry that would leave the bundle, without writing it', () => {
    const escaping = join(workDir, 'escaping.zip')
    const target = `../cd-cli-escape-${process.pid}.txt`
    writeFileSync(
      escaping,
      rezip((files) => (files[target] = strToU8('escape'))),
    )
    const failed = run(escaping)
    expect(failed.status).toBe(1)
    expect(failed.stdout).toContain(
      `REFUSED ${target} refused unread: its path leaves the bundle (..)`,
    )
    expect(existsSync(join(workDir, target))).toBe(false)
    expect(existsSync(join(process.cwd(), target))).toBe(false)
  })

  it('exits 2 when the file cannot be read', () => {
    const missing = run(join(workDir, 'absent.zip'))
    expect(missing.status).toBe(2)
    expect(missing.stderr).toContain('Cannot read')
  })
})
