import { expect, type Locator, type Page } from '@playwright/test'
import type { EnvironmentId } from '../../src/shared/environments'
import { groupedFingerprint, keyFingerprint } from '../../src/shared/identity/investigator'
import { BackupCard } from './backupCard'
import type { Person } from './investigatorForm'
import { ScheduledRescreensCard } from './scheduledRescreensCard'

export class SettingsPage {
  readonly backup: BackupCard
  readonly scheduledRescreens: ScheduledRescreensCard

  constructor(readonly page: Page) {
    this.backup = new BackupCard(page)
    this.scheduledRescreens = new ScheduledRescreensCard(page)
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-settings').click()
    await this.page.getByTestId('settings-screen').waitFor()
  }

  /** Who works on this computer, and the fingerprint of the key that signs their bundles. */
  get investigatorCard(): Locator {
    return this.page.getByTestId('investigator-card')
  }

  get signingFingerprint(): Locator {
    return this.page.getByTestId('signing-fingerprint')
  }

  get signingPublicKey(): Locator {
    return this.page.getByTestId('signing-public-key')
  }

  /** Whether a watch run that finds changes shows an OS notification. */
  get changeAlerts(): Locator {
    return this.page.getByTestId('change-alerts')
  }

  get changeAlertsSwitch(): Locator {
    return this.changeAlerts.getByRole('switch', {
      name: 'Show an OS notification when watched wallets change',
    })
  }

  /** Colleagues whose bundles this computer recognises. */
  get trustedSigners(): Locator {
    return this.page.getByTestId('trusted-signer')
  }

  get trustedSignersCard(): Locator {
    return this.page.getByTestId('trusted-signers')
  }

  /**
   * Trusts a colleague's key, as they gave it: their name, e-mail, organisation and public key,
   * then, when asked, the key's fingerprint, which they also gave (their Settings show it; worked
   * out here from the key, as theirs is).
   */
  async trustSigner(person: Person, publicKey: string): Promise<void> {
    const card = this.trustedSignersCard
    await card.getByRole('textbox', { name: 'Name' }).fill(person.name)
    await card.getByRole('textbox', { name: 'E-mail' }).fill(person.email)
    await card.getByRole('textbox', { name: 'Organisation' }).fill(person.organisation)
    await card.getByRole('textbox', { name: 'Public key' }).fill(publicKey)
    const before = await this.trustedSigners.count()
    await card.getByRole('button', { name: 'Trust this key…' }).click()
    const dialog = this.page.getByTestId('trust-signer-dialog')
    await dialog
      .getByTestId('trust-signer-fingerprint')
      .fill(groupedFingerprint(keyFingerprint(publicKey)))
    await dialog.getByTestId('trust-signer-confirm').click()
    await expect(this.trustedSigners).toHaveCount(before + 1)
  }

  async stopTrusting(name: string): Promise<void> {
    await this.trustedSigners
      .filter({ hasText: name })
      .getByRole('button', { name: 'Stop trusting' })
      .click()
    await expect(this.trustedSigners.filter({ hasText: name })).toHaveCount(0)
  }

  card(environment: EnvironmentId): Locator {
    return this.page.getByTestId(`environment-card-${environment}`)
  }

  /** The key as shown once saved: only its last 4 characters. */
  keyLast4(environment: EnvironmentId): Locator {
    return this.card(environment).getByTestId('key-last4')
  }

  keyStatus(environment: EnvironmentId): Locator {
    return this.card(environment).getByTestId('key-status')
  }

  keyInput(environment: EnvironmentId): Locator {
    return this.card(environment).getByPlaceholder('Paste the secret key from the dashboard')
  }

  /** Said when a new address took the stored key away. */
  keyRemoved(environment: EnvironmentId): Locator {
    return this.card(environment).getByTestId('key-removed')
  }

  /** Said while a stored key waits for the user to confirm the address it belongs to. */
  keyAddressConfirmation(environment: EnvironmentId): Locator {
    return this.card(environment).getByTestId('key-address-confirmation')
  }

  async confirmKeyAddress(environment: EnvironmentId): Promise<void> {
    await this.keyAddressConfirmation(environment)
      .getByRole('button', { name: /^Confirm the key belongs to / })
      .click()
    await expect(this.keyAddressConfirmation(environment)).toHaveCount(0)
  }

  /** What the main side refused, said under the card. */
  /** Whether the browser keeps the app's data, as the app asked it. */
  get storagePersistence(): Locator {
    return this.page.getByTestId('storage-persistence')
  }

  /** The browser's own answer, to hold the app's notice against. */
  browserKeepsData(): Promise<boolean> {
    // A string, evaluated in the page: the e2e project has no DOM types.
    return this.page.evaluate<boolean>('navigator.storage.persisted()')
  }

  error(environment: EnvironmentId): Locator {
    return this.card(environment).getByTestId('settings-error')
  }

  /** The base URL field, whose refusal is described inline (and to assistive technology). */
  baseUrlInput(environment: EnvironmentId): Locator {
    return this.card(environment).getByRole('textbox', { name: 'Base URL' })
  }

  async saveKey(environment: EnvironmentId, secretKey: string): Promise<void> {
    await this.keyInput(environment).fill(secretKey)
    await this.card(environment)
      .getByRole('button', { name: /Save key|Replace key/ })
      .click()
  }

  async deleteKey(environment: EnvironmentId): Promise<void> {
    await this.card(environment).getByRole('button', { name: 'Delete key' }).click()
  }

  async saveBaseUrl(environment: EnvironmentId, baseUrl: string): Promise<void> {
    const card = this.card(environment)
    await card.getByLabel('Base URL').fill(baseUrl)
    await card.getByRole('button', { name: 'Save URL' }).click()
  }

  async activate(label: string): Promise<void> {
    await this.page.getByTestId('settings-screen').getByText(label, { exact: true }).first().click()
  }

  /** Production pointed at `service` (the sandbox's production workspace), with its key, active. */
  async useProduction(service: { baseUrl: string; secretKey: string }): Promise<void> {
    await this.open()
    await this.saveBaseUrl('production', service.baseUrl)
    await this.saveKey('production', service.secretKey)
    await expect(this.keyLast4('production')).toBeVisible()
    await this.activate('Production')
  }
}
