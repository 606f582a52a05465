import { expect, type Locator } from '@playwright/test'

export interface Person {
  name: string
  email: string
  organisation: string
}

export const investigator: Person = {
  name: 'Ana Investigator',
  email: 'ana@example.org',
  organisation: 'Example Compliance Ltd',
}

export const reviewerPerson: Person = {
  name: 'Rita Reviewer',
  email: 'rita@audit.example',
  organisation: 'Audit LLP',
}

/** Says who works on this computer in the form `scope` holds, and waits until it is saved. */
export async function sayWhoIAm(scope: Locator, person: Person): Promise<void> {
  await scope.getByTestId('investigator-name').fill(person.name)
  await scope.getByTestId('investigator-email').fill(person.email)
  await scope.getByTestId('investigator-organisation').fill(person.organisation)
  await scope.getByTestId('investigator-save').click()
  await expect(scope.getByTestId('investigator-form')).toBeHidden()
}
