import { expect, type Locator, type Page } from '@playwright/test'
import { sayWhoIAm, type Person } from './investigatorForm'

export class VerifyPage {
  readonly result: Locator
  readonly problems: Locator
  readonly importButton: Locator
  /** Who signed the bundle; its `data-trust` says whether this computer knows the key. */
  readonly signer: Locator
  readonly signerFingerprint: Locator
  /** How a closed case's close was reviewed, in the sentence `npm run verify-bundle` prints. */
  readonly secondReview: Locator
  /** A shared case's team admins, as the signer states them. */
  readonly teamAdmins: Locator
  /** What the manifest says: signer, case, contents, authors, admins, second review. */
  readonly manifest: Locator

  constructor(readonly page: Page) {
    this.result = page.getByTestId('verify-result')
    this.problems = page.getByTestId('verify-problem')
    this.importButton = page.getByTestId('import-bundle')
    this.signer = page.getByTestId('verify-signer')
    this.signerFingerprint = page.getByTestId('verify-signer-fingerprint')
    this.secondReview = page.getByTestId('verify-second-review')
    this.teamAdmins = page.getByTestId('verify-team-admins')
    this.manifest = page.getByTestId('verify-manifest')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-verify').click()
    await this.page.getByTestId('verify-screen').waitFor()
  }

  async check(path: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser')
    await this.page.getByTestId('verify-choose').click()
    await (await chooser).setFiles(path)
  }

  /** Importing asks who works here first, on a computer where nobody has said so yet. */
  async sayWhoIAm(person: Person): Promise<void> {
    await sayWhoIAm(this.page.getByTestId('investigator-gate'), person)
    await expect(this.importButton).toBeVisible()
  }

  /** The question asked before importing a bundle whose signer this computer does not know. */
  get signerWarning(): Locator {
    return this.page.getByTestId('import-confirm-signer')
  }

  problemsOfKind(kind: string): Locator {
    return this.page.locator(`[data-testid="verify-problem"][data-kind="${kind}"]`)
  }

  /** Asks to trust the bundle's signer: a dialog asks for the fingerprint they gave another way. */
  async askToTrustSigner(): Promise<void> {
    await this.page.getByTestId('verify-trust-signer').click()
    await this.page.getByTestId('trust-signer-dialog').waitFor()
  }

  /** Trusts the bundle's signer, typing the fingerprint they gave another way, as a person must. */
  async trustSigner(fingerprint: string): Promise<void> {
    if (!(await this.page.getByTestId('trust-signer-dialog').isVisible())) {
      await this.askToTrustSigner()
    }
    await this.page.getByTestId('trust-signer-fingerprint').fill(fingerprint)
    await this.page.getByTestId('trust-signer-confirm').click()
  }

  /** Imports the bundle that passed as a read-only case, and opens it. */
  async importAndOpenCase(): Promise<void> {
    await this.importButton.click()
    await this.page.getByTestId('import-open-case').click()
  }

  async startImport(): Promise<void> {
    await this.importButton.click()
  }

  /** Says yes to the warning about the signer, then opens the imported case. */
  async importAnywayAndOpenCase(): Promise<void> {
    await expect(this.signerWarning).toBeVisible()
    await this.page.getByTestId('import-anyway').click()
    await this.page.getByTestId('import-open-case').click()
  }
}
