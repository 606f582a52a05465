import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, strToU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CryptoSearchResult } from '../../../shared/bridge/cryptoContract'
import type { IdentityView } from '../../../shared/bridge/identityContract'
import { bundlePaths, type BundleSignature } from '../../../shared/evidence/bundleFormat'
import { verifyBundle } from '../../../shared/evidence/verifyBundle'
import { nextAuditEntry } from '../../../shared/cases/auditChain'
import type { AuditEntry } from '../../../shared/cases/caseSchemas'
import {
  actorOfSigner,
  investigatorOf,
  keyFingerprint,
} from '../../../shared/identity/investigator'
import {
  actedBy,
  editJson,
  forgeBundle,
  rezipBundle,
  signAs,
  strangerKey,
  tamperBundle,
  type BundleFiles,
} from '../../../test-support/bundleTampering'
import {
  caseFixture,
  exportedBundle,
  exportedCheckOf,
  fixtureActor,
  type CaseFixture,
} from '../../../test-support/evidenceFixtures'
import {
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../../test-support/mainSideOnSandbox'

let app: MainSideOnSandbox
let fixture: CaseFixture
let bundle: Uint8Array
let identity: IdentityView
const workDir = mkdtempSync(join(tmpdir(), 'cd-signing-'))

const rezip = (edit: (files: BundleFiles) => void): Uint8Array => rezipBundle(bundle, edit)
const problemsOf = (zip: Uint8Array, expectedSigner?: string) =>
  verifyBundle(zip, { expectedSigner }).problems.map((p) => `${p.kind}: ${p.detail}`)

const call = async <T>(method: string, input: unknown): Promise<T> => {
  const reply = await app.call(method, input)
  if (!reply.ok) throw new Error(`${reply.error.name}: ${reply.error.message}`)
  return reply.data as T
}

beforeAll(async () => {
  app = await startMainSideOnSandbox()
  const result = await call<CryptoSearchResult>('crypto.search', {
    requestId: crypto.randomUUID(),
    query: '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
    isSubjectConsent: true,
    type: 'all',
  })
  fixture = caseFixture([exportedCheckOf(result, 0)])
  bundle = await exportedBundle(app, fixture)
  identity = await call<IdentityView>('identity.get', {})
})

afterAll(async () => {
  await app.stop()
})

describe('a signed export', () => {
  it('carries a valid signature over manifest.json by the investigator, named in the manifest too', () => {
    const result = verifyBundle(bundle)
    expect(result.problems).toEqual([])
    expect(result.ok).toBe(true)
    const { fingerprint, publicKey } = identity.signingKey
    expect(result.signature).toEqual({
      status: 'valid',
      signer: { ...investigatorOf(fixtureActor), fingerprint, publicKey },
    })
    expect(result.manifest?.signer?.fingerprint).toBe(identity.signingKey.fingerprint)
    expect(keyFingerprint(identity.signingKey.publicKey)).toBe(identity.signingKey.fingerprint)
  })

  it('names the signer and the fingerprint on the report before anything else', () => {
    const html = new TextDecoder().decode(unzipSync(bundle)['report.html'])
    const signed = html.indexOf('Signed by Ana Fixture')
    expect(signed).toBeGreaterThan(0)
    expect(signed).toBeLessThan(html.indexOf('<h2>Summary</h2>'))
    expect(html).toContain(identity.signingKey.fingerprint.slice(0, 4) + ' ')
    expect(html).toContain(identity.signingKey.publicKey)
  })

  it('never holds the private key, neither in the bundle nor in what the bridge answers', async () => {
    const secret = await app.mainSide.keyStore.get('signing-key')
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    const everything = [bundle, ...Object.values(unzipSync(bundle))].map((bytes) =>
      Buffer.from(bytes),
    )
    for (const content of everything) {
      expect(content.includes(secret!)).toBe(false)
      expect(content.includes(Buffer.from(secret!, 'hex'))).toBe(false)
    }
    expect(JSON.stringify(identity)).not.toContain(secret)
  })

  it('is refused before anything is written until the investigator has said who they are', async () => {
    const fresh = await startMainSideOnSandbox()
    try {
      const reply = await fresh.call('evidence.beginExport', { case: fixture.caseRecord })
      expect(reply.ok).toBe(false)
      if (!reply.ok) {
        expect(reply.error.name).toBe('ValidationError')
        expect(reply.error.message).toContain('Say who you are first')
      }
    } finally {
      await fresh.stop()
    }
  })
})

describe('verifying the signature', () => {
  it('fails an unsigned bundle with a named problem', () => {
    const unsigned = rezip((files) => delete files[bundlePaths.signature])
    const result = verifyBundle(unsigned)
    expect(result.ok).toBe(false)
    expect(result.signature).toEqual({ status: 'unsigned' })
    expect(problemsOf(unsigned)).toEqual([expect.stringMatching(/^unsigned: is missing/)])
  })

  it('fails the issue’s tampering: decisions and hits.csv edited, manifest hashes recomputed', () => {
    const tampered = tamperBundle(bundle, (files) => {
      editJson<Array<{ decision: string }>>(files, bundlePaths.decisions, (decisions) => {
        for (const decision of decisions) decision.decision = 'false_positive'
      })
      const csv = strFromU8(files[bundlePaths.hitsCsv]!).replaceAll('true_match', 'false_positive')
      files[bundlePaths.hitsCsv] = strToU8(csv)
    })
    expect(verifyBundle(tampered).ok).toBe(false)
    expect(problemsOf(tampered)).toContain(
      'signature: does not match manifest.json: the manifest was changed after it was signed',
    )
  })

  it('fails a signature that is simply wrong, and one moved onto another signer’s name', () => {
    const wrong = rezip((files) =>
      editJson<BundleSignature>(files, bundlePaths.signature, (signature) => {
        signature.signature = 'ab'.repeat(64)
      }),
    )
    expect(problemsOf(wrong)).toEqual([
      'signature: is not a valid signature of manifest.json by the key it names',
    ])
    const mallory = strangerKey()
    const moved = rezip((files) => {
      const manifest = files[bundlePaths.manifest]!
      signAs(files, mallory)
      // The investigator's manifest, its signature now Mallory's.
      files[bundlePaths.manifest] = manifest
    })
    expect(problemsOf(moved)).toEqual([
      'signature: names a different signer than manifest.json does',
    ])
  })

  it('fails, with --signer, a bundle re-signed by anyone else, however consistent', () => {
    const mallory = strangerKey(fixtureActor.name)
    const forged = forgeBundle(bundle, () => undefined, mallory)
    const result = verifyBundle(forged, { expectedSigner: identity.signingKey.fingerprint })
    expect(result.ok).toBe(false)
    expect(result.signature).toMatchObject({
      status: 'valid',
      signer: { fingerprint: mallory.signer.fingerprint },
    })
    expect(result.problems.map((p) => p.kind)).toEqual(['signer'])
    expect(verifyBundle(bundle, { expectedSigner: identity.signingKey.fingerprint }).ok).toBe(true)
  })
})

describe('the trail’s actors are the signer', () => {
  it('fails a bundle re-signed by another key under the investigator’s name whose trail still names the investigator’s key', () => {
    const mallory = strangerKey(fixtureActor.name)
    const forged = forgeBundle(bundle, () => undefined, mallory, { keepActors: true })
    const result = verifyBundle(forged)
    expect(result.signature).toMatchObject({ status: 'valid' })
    expect(result.ok).toBe(false)
    const grouped = (fingerprint: string) => fingerprint.replace(/(.{4})(?=.)/g, '$1 ')
    expect(problemsOf(forged)).toEqual([
      `meaning: ${fixture.auditTrail.length} entries (entry 1 (created), entry 2 (check-linked), entry 3 (note-added), …) name key ${grouped(identity.signingKey.fingerprint)} as actor, the bundle is signed by key ${grouped(mallory.signer.fingerprint)}`,
    ])
  })

  it('names the one entry that names another key', () => {
    const mallory = strangerKey()
    const colleague = strangerKey('Colleague')
    const withColleague = forgeBundle(
      bundle,
      (files) =>
        editJson<AuditEntry[]>(files, bundlePaths.auditTrail, (trail) => {
          const rechained = actedBy(trail.slice(0, -1), actorOfSigner(mallory.signer))
          const { caseId, action, summary, before, after, at } = trail.at(-1)!
          const change = { action, summary, before, after }
          const last = nextAuditEntry(
            caseId,
            rechained.at(-1),
            change,
            actorOfSigner(colleague.signer),
            at,
          )
          trail.splice(0, trail.length, ...rechained, last)
        }),
      mallory,
      { keepActors: true },
    )
    expect(problemsOf(withColleague)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^meaning: entry ${fixture.auditTrail.length} \\(closed\\) names key [0-9a-f ]+ as actor, the bundle is signed by key`,
        ),
      ),
    ])
  })
})

describe('npm run verify-bundle with --signer', () => {
  const run = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', join(process.cwd(), 'scripts/verifyBundle.ts'), ...args],
      {
        encoding: 'utf8',
      },
    )
  const good = join(workDir, 'good.zip')
  beforeAll(() => writeFileSync(good, bundle))

  it('names the signer and exits 0 for the expected key, given with spaces as Settings shows it', () => {
    const grouped = identity.signingKey.fingerprint.replace(/(.{4})(?=.)/g, '$1 ')
    const passed = run(good, '--signer', grouped)
    expect(passed.stdout).toContain(
      'Signed by: Ana Fixture <ana@example.org>, Example Compliance Ltd',
    )
    expect(passed.stdout).toContain('(valid signature)')
    expect(passed.status).toBe(0)
  })

  it('prints who signed first, and exits 1 on a re-signed bundle whose trail names another key', () => {
    const mallory = strangerKey(fixtureActor.name)
    const forged = join(workDir, 'forged-actors.zip')
    writeFileSync(
      forged,
      forgeBundle(bundle, () => undefined, mallory, { keepActors: true }),
    )
    const failed = run(forged)
    const [first] = failed.stdout.split('\n')
    expect(first).toBe(
      `Signed by: Ana Fixture <mallory@example.net>, Elsewhere Ltd; key ${mallory.signer.fingerprint.replace(/(.{4})(?=.)/g, '$1 ')} (valid signature)`,
    )
    expect(failed.stdout).toMatch(/MEANING audit-trail\.json \d+ entries .* name key .* as actor/)
    expect(failed.status).toBe(1)
    const signerMismatch = run(good, '--signer', mallory.signer.fingerprint)
    expect(signerMismatch.stdout.split('\n')[0]).toMatch(/^Signed by: Ana Fixture/)
    expect(signerMismatch.status).toBe(1)
  })

  it('exits 1 naming the problem for another key, and 2 for a fingerprint that is not one', () => {
    const failed = run(good, '--signer', 'f'.repeat(32))
    expect(failed.stdout).toContain('SIGNER signature.json is by key')
    expect(failed.status).toBe(1)
    const unsigned = join(workDir, 'unsigned.zip')
    writeFileSync(
      unsigned,
      rezip((files) => delete files[bundlePaths.signature]),
    )
    const refused = run(unsigned)
    expect(refused.stdout).toContain('Signed by: nobody')
    expect(refused.stdout).toContain('UNSIGNED signature.json is missing')
    expect(refused.status).toBe(1)
    expect(run(good, '--signer', 'not-a-fingerprint').status).toBe(2)
  })
})
