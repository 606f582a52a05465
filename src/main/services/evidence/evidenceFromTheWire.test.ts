import { strFromU8, strToU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cryptoCheckOfRaw } from '../../../shared/api/cryptoAnswer'
import type { CryptoSearchResult } from '../../../shared/bridge/cryptoContract'
import { checkEvidenceOf, type ExportPart } from '../../../shared/bridge/evidenceContract'
import { bundlePaths } from '../../../shared/evidence/bundleFormat'
import { verifyBundle } from '../../../shared/evidence/verifyBundle'
import {
  editJson,
  forgeBundle,
  strangerKey,
  tamperBundle,
} from '../../../test-support/bundleTampering'
import {
  caseFixture,
  exportedBundle,
  exportedCheckOf,
  fixtureActor,
  signingActor,
  type CaseFixture,
} from '../../../test-support/evidenceFixtures'
import {
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../../test-support/mainSideOnSandbox'

/**
 * A signed bundle says only what the service answered: the main side reads every check from the
 * raw answer it is given, and the verifier reads it again from the bundle's response.raw.
 */
const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const formula = '=HYPERLINK("http://x","open")'

let app: MainSideOnSandbox
let answer: CryptoSearchResult
let fixture: CaseFixture
let bundle: Uint8Array

const checkJsonPath = (files: Record<string, Uint8Array>): string =>
  Object.keys(files).find((path) => path.endsWith('/check.json'))!

const problemsOf = (zip: Uint8Array) =>
  verifyBundle(zip).problems.map((problem) => `${problem.kind} ${problem.path}: ${problem.detail}`)

/** What the attacker hands over: the sanctioned wallet's raw answer, called clean. */
const cleanCheck = (check: CryptoSearchResult['check']) => ({
  ...check,
  status: 'no_match',
  totalEntity: 0,
  categoryCount: Object.fromEntries(Object.keys(check.categories).map((name) => [name, 0])),
  categories: Object.fromEntries(Object.keys(check.categories).map((name) => [name, []])),
})

beforeAll(async () => {
  app = await startMainSideOnSandbox()
  const reply = await app.call('crypto.search', {
    requestId: crypto.randomUUID(),
    query: sanctioned,
    isSubjectConsent: true,
    type: 'all',
  })
  if (!reply.ok) throw new Error(reply.error.message)
  answer = reply.data as CryptoSearchResult
  expect(answer.check.status).toBe('review_required')
  fixture = caseFixture([exportedCheckOf(answer, 0)], 'case_wire', formula)
  bundle = await exportedBundle(app, fixture)
})

afterAll(async () => {
  await app.stop()
})

describe('the signing oracle: a parsed check handed to the bridge beside a raw answer', () => {
  it('is refused in a sentence, and the export is left unwritten', async () => {
    const actor = await signingActor(app.call)
    expect(actor.fingerprint).toMatch(/^[0-9a-f]{32}$/)
    const begun = await app.call('evidence.beginExport', { case: fixture.caseRecord })
    if (!begun.ok) throw new Error(begun.error.message)
    const { exportId } = begun.data as { exportId: string }
    const linked = fixture.checks[0]!
    const part = { kind: 'checks', items: [{ ...linked, check: cleanCheck(linked.check) }] }
    const refused = await app.call('evidence.addToExport', { exportId, part })
    expect(refused.ok).toBe(false)
    if (refused.ok) return
    expect(refused.error.name).toBe('ValidationError')
    expect(refused.error.message).toContain(
      'a parsed check was handed over with the raw answer: a bundle is signed only from what the service sent, read on the main side, so nothing was written',
    )
    await app.call('evidence.abortExport', { exportId })
  })

  it('signs check.json as read from the raw answer with the one parser of answers', () => {
    const files = unzipSync(bundle)
    const path = checkJsonPath(files)
    const raw = files[path.replace('check.json', 'response.raw')]!
    const written = JSON.parse(strFromU8(files[path]!)) as { check: unknown }
    expect(written.check).toEqual(cryptoCheckOfRaw(raw))
    expect(written.check).toMatchObject({ status: 'review_required', totalEntity: 1 })
    expect(verifyBundle(bundle).problems).toEqual([])
  })
})

describe('a bundle whose check.json contradicts its raw answer, re-signed validly', () => {
  it('fails with a meaning problem naming what the raw answer says', () => {
    const mallory = strangerKey(fixtureActor.name)
    const forged = forgeBundle(
      bundle,
      (files) =>
        editJson<{ check: CryptoSearchResult['check'] }>(files, checkJsonPath(files), (file) => {
          file.check = cleanCheck(file.check)
        }),
      mallory,
    )
    const verification = verifyBundle(forged)
    expect(verification.signature.status).toBe('valid')
    expect(verification.ok).toBe(false)
    expect(problemsOf(forged)).toEqual([
      `meaning ${checkJsonPath(unzipSync(forged))}: says no_match, 0 hits, its response.raw says review_required, 1 hit`,
    ])
  })

  it('fails when report.html says the check is clean, however consistent the rest', () => {
    const mallory = strangerKey(fixtureActor.name)
    const consistent = forgeBundle(bundle, () => undefined, mallory)
    expect(problemsOf(consistent)).toEqual([])
    const lying = tamperBundle(
      consistent,
      (files) => {
        const report = strFromU8(files[bundlePaths.report]!)
        expect(report).toContain('status review_required · 1 hit')
        files[bundlePaths.report] = strToU8(
          report.replace('status review_required · 1 hit', 'status no_match · 0 hits'),
        )
      },
      mallory,
    )
    expect(problemsOf(lying)).toEqual([
      expect.stringMatching(
        /^meaning report\.html: does not say what the bundle's files say: line \d+ reads “….*no_match · 0 hits.*” where the bundle's files give “….*review_required · 1 hit.*”$/,
      ),
    ])
  })
})

describe('hits.csv is safe to open', () => {
  it('writes a rationale that begins like a formula neutralised, and verifies it read back', () => {
    const csv = strFromU8(unzipSync(bundle)[bundlePaths.hitsCsv]!)
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""open"")"`)
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m)
    expect(verifyBundle(bundle).problems).toEqual([])
  })

  it('fails a hits.csv whose cell was made a live formula again', () => {
    const mallory = strangerKey(fixtureActor.name)
    const forged = forgeBundle(
      bundle,
      (files) => {
        const csv = strFromU8(files[bundlePaths.hitsCsv]!)
        files[bundlePaths.hitsCsv] = strToU8(csv.replace(`"'=HYPERLINK`, '"=HYPERLINK'))
      },
      mallory,
    )
    expect(problemsOf(forged)).toEqual([
      'meaning hits.csv: row 1 has a rationale cell that is not written as Compliance Desk writes one (a spreadsheet could run it as a formula)',
      `meaning hits.csv: has no row for ${sanctioned} in check ${fixture.checks[0]!.localId}`,
    ])
  })
})

describe('a check whose answer cannot be read', () => {
  it('is refused rather than signed', async () => {
    const linked = fixture.checks[0]!
    const unreadable = {
      ...linked,
      evidence: {
        ...linked.evidence,
        response: { ...linked.evidence.response, bodyBase64: btoa('<html>maintenance</html>') },
      },
    }
    const begun = await app.call('evidence.beginExport', { case: fixture.caseRecord })
    if (!begun.ok) throw new Error(begun.error.message)
    const { exportId } = begun.data as { exportId: string }
    const part: ExportPart = { kind: 'checks', items: [checkEvidenceOf(unreadable)] }
    const refused = await app.call('evidence.addToExport', { exportId, part })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.message).toMatch(/cannot be signed as evidence/)
  })
})

describe('a trail whose actors are not the signer', () => {
  it('is refused before anything is signed, naming the first such entry', async () => {
    await signingActor(app.call)
    const begun = await app.call('evidence.beginExport', { case: fixture.caseRecord })
    if (!begun.ok) throw new Error(begun.error.message)
    const { exportId } = begun.data as { exportId: string }
    const parts: ExportPart[] = [
      { kind: 'checks', items: fixture.checks.map(checkEvidenceOf) },
      { kind: 'decisions', items: fixture.decisions },
      // The fixture's trail as written, naming the fixture's own key rather than this computer's.
      { kind: 'auditTrail', items: fixture.auditTrail },
    ]
    for (const part of parts) {
      const added = await app.call('evidence.addToExport', { exportId, part })
      expect(added.ok).toBe(true)
    }
    const finished = await app.call('evidence.finishExport', { exportId })
    expect(finished.ok).toBe(false)
    if (finished.ok) return
    expect(finished.error.message).toMatch(
      new RegExp(
        `^${fixture.auditTrail.length} entries of this case's audit trail, from entry 1, name the signing key 0123 4567 89ab cdef 0123 4567 89ab cdef as actor, not this computer's [0-9a-f ]+: a bundle speaks only for the key that signs it, so it would not verify\\. Nothing was written\\.$`,
      ),
    )
  })
})
