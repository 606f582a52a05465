import type { Locator, Page } from '@playwright/test'

export interface NewIndividual {
  firstName: string
  lastName: string
  email?: string
}

/** The "New entity" dialog of the entity list. */
export class NewEntityForm {
  readonly root: Locator
  readonly error: Locator
  readonly email: Locator
  /** Points out a cached entity with the same name and e-mail, before creating. */
  readonly likelyDuplicate: Locator

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'New entity' })
    this.error = this.root.getByTestId('new-entity-error')
    this.email = this.root.getByLabel('E-mail')
    this.likelyDuplicate = this.root.getByTestId('likely-duplicate')
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'New entity' }).click()
  }

  async fillIndividual({ firstName, lastName, email }: NewIndividual): Promise<void> {
    await this.root.getByLabel('First name').fill(firstName)
    await this.root.getByLabel('Last name').fill(lastName)
    if (email !== undefined) await this.email.fill(email)
  }

  async fillBusiness(name: string): Promise<void> {
    await this.root.getByText('Business', { exact: true }).click()
    await this.root.getByLabel('Business name').fill(name)
  }

  async cancel(): Promise<void> {
    await this.root.getByRole('button', { name: 'Cancel' }).click()
  }

  async consent(): Promise<void> {
    await this.root.getByLabel('The subject has consented to being recorded').check()
  }

  async submit(kind: 'individual' | 'business'): Promise<void> {
    await this.root.getByRole('button', { name: `Create ${kind}` }).click()
  }

  /** After a creation whose answer was lost: the newest entities, where it would be. */
  async lookAmongNewest(): Promise<void> {
    await this.root.getByRole('button', { name: 'Look for it among the newest entities' }).click()
  }

  async queueForLater(): Promise<void> {
    await this.root
      .getByRole('button', { name: 'Queue it to create when the service is back' })
      .click()
  }
}
