import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, strToU8 } from 'fflate'
import { editJson, strangerKey, tamperBundle } from '../src/test-support/bundleTampering'
import { caseWithCheckFlow } from './flows/caseWithCheckFlow'
import { expect, test } from './fixtures/browserModeTest'
import { investigator, reviewerPerson } from './pages/investigatorForm'
import { saveScreen } from './support/screenshots'
import { verifyBundleCli } from './support/verifyBundleCli'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const caseTitle = 'Signed: ACME wallet'
const workDir = mkdtempSync(join(tmpdir(), 'cd-e2e-signed-'))

/** The edit: the confirmed OFAC true match made a false positive, hashes recomputed. */
const trueMatchMadeFalsePositive = (files: Record<string, Uint8Array>): void => {
  editJson<Array<{ decision: string }>>(files, 'decisions.json', (decisions) => {
    for (const decision of decisions) decision.decision = 'false_positive'
  })
  files['hits.csv'] = strToU8(
    strFromU8(files['hits.csv']!).replaceAll('true_match', 'false_positive'),
  )
}

test('no edit made without the investigator’s key passes as theirs; a colleague trusted in Settings is recognised, others are asked about', async ({
  cases,
  search,
  verify,
  settings,
  otherComputer,
}) => {
  await cases.open()
  await cases.sayWhoIAm(investigator)
  await caseWithCheckFlow({ cases, search }, caseTitle, sanctioned)
  await cases.showTab('checks')
  await cases.hit(0).decide('True match', 'Listed by OFAC; the wallet is the subject’s.')
  // Saved, the decision takes the focus on to the hit's own button: the next dialog opens after.
  await expect(cases.hit(0).decision).toHaveText('True match')
  await cases.close('Reported to the authorities', 'SAR filed.')
  const download = await cases.exportBundle()
  const bundlePath = join(workDir, 'signed.zip')
  await download.saveAs(bundlePath)
  await settings.open()
  const fingerprint = (await settings.signingFingerprint.textContent()) ?? ''
  const publicKey = (await settings.signingPublicKey.textContent()) ?? ''
  expect(fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){7}$/)

  // Edited, hashes recomputed: the signature no longer holds, and the meaning contradicts the trail.
  const edited = join(workDir, 'edited.zip')
  writeFileSync(edited, tamperBundle(readFileSync(bundlePath), trueMatchMadeFalsePositive))
  await verify.open()
  await verify.check(edited)
  await expect(verify.result).toHaveAttribute('data-ok', 'false')
  await expect(verify.problemsOfKind('signature')).toContainText('changed after it was signed')
  // decisions.json and hits.csv contradict the trail, and report.html no longer says what they say.
  await expect(verify.problemsOfKind('meaning')).toHaveCount(3)
  await expect(verify.problemsOfKind('meaning').first()).toContainText(
    'says false positive for 0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
  )
  await expect(verify.problemsOfKind('meaning').last()).toContainText(
    "does not say what the bundle's files say",
  )
  await expect(verify.importButton).toHaveCount(0)
  await saveScreen(verify.page, 'verify-05-edited-decisions')

  // Edited and signed again with another key: the signature holds, but it is not the
  // investigator's, and the meaning still contradicts the trail.
  const resigned = join(workDir, 'resigned.zip')
  writeFileSync(
    resigned,
    tamperBundle(
      readFileSync(bundlePath),
      trueMatchMadeFalsePositive,
      strangerKey(investigator.name),
    ),
  )
  await verify.check(resigned)
  await expect(verify.result).toHaveAttribute('data-ok', 'false')
  await expect(verify.signer).toHaveAttribute('data-trust', 'unknown')
  await expect(verify.signerFingerprint).not.toHaveText(fingerprint)
  const cli = verifyBundleCli(resigned, '--signer', fingerprint)
  expect(cli.status).toBe(1)
  expect(cli.stdout).toContain('SIGNER signature.json is by key')
  expect(cli.stdout).toContain('MEANING decisions.json')
  // Its trail still names the investigator's key as the actor of every entry.
  expect(cli.stdout).toMatch(/MEANING audit-trail\.json \d+ entries .* name key .* as actor/)

  // Another computer: unknown at first; trusted from the Verify screen; forgotten in Settings;
  // then trusted in Settings from the key the investigator gave, and imported without a question.
  const { pages: other } = await otherComputer.open()
  await other.verify.open()
  await other.verify.check(bundlePath)
  await expect(other.verify.result).toHaveAttribute('data-ok', 'true')
  await expect(other.verify.signer).toHaveAttribute('data-trust', 'unknown')
  await other.verify.askToTrustSigner()
  await saveScreen(other.verify.page, 'verify-06-trust-signer')
  await other.verify.trustSigner(fingerprint)
  await expect(other.verify.signer).toHaveAttribute('data-trust', 'trusted')
  await other.settings.open()
  await expect(other.settings.trustedSigners).toHaveCount(1)
  await other.settings.stopTrusting(investigator.name)
  await other.settings.trustSigner(investigator, publicKey)
  await expect(other.settings.trustedSigners).toContainText(fingerprint)
  await saveScreen(
    other.settings.page,
    'settings-02-trusted-signers',
    other.settings.trustedSignersCard,
  )
  await other.verify.open()
  await other.verify.check(bundlePath)
  await expect(other.verify.signer).toHaveAttribute('data-trust', 'trusted')
  await other.verify.sayWhoIAm(reviewerPerson)
  await other.verify.importAndOpenCase()
  await expect(other.cases.imported).toHaveAttribute('data-trust', 'trusted')
  await expect(other.cases.imported).toContainText('signed by a trusted signer')
  await expect(other.cases.imported).toContainText(`by ${reviewerPerson.name}`)
})
