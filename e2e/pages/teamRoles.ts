import type { Locator, Page } from '@playwright/test'

export type RoleLabel = 'Investigator' | 'Reviewer' | 'Team admin'

/** Settings → Team: each member's roles in the roster, set by a team admin, read by others. */
export class TeamRoles {
  readonly rosterMembers: Locator

  constructor(readonly page: Page) {
    this.rosterMembers = page.getByTestId('team-card').getByTestId('team-roster-member')
  }

  /** The roles cell of the member shown under this name. */
  of(name: string): Locator {
    return this.rosterMembers.filter({ hasText: name }).getByTestId('team-roles')
  }

  /** A role's checkbox in a team admin's editor. */
  box(name: string, role: RoleLabel): Locator {
    return this.of(name).getByRole('checkbox', { name: role })
  }

  /** Sets a member's roles to exactly `roles` and saves them. */
  async set(name: string, roles: readonly RoleLabel[]): Promise<void> {
    for (const role of ['Investigator', 'Reviewer', 'Team admin'] as const) {
      const box = this.box(name, role)
      if (await box.isDisabled()) continue
      await box.setChecked(roles.includes(role))
    }
    await this.save(name).click()
  }

  /** A team admin's Save of this member's roles: enabled only once they differ from the roster. */
  save(name: string): Locator {
    return this.of(name).getByTestId('team-roles-save')
  }

  /** The checkboxes of a team admin's editor; none for everyone else. */
  boxes(name: string): Locator {
    return this.of(name).getByRole('checkbox')
  }

  /** The roles as everyone but a team admin reads them, one badge each. */
  shown(name: string): Locator {
    return this.of(name).getByTestId('team-role')
  }

  /** The sentence a refused setting shows beside the member. */
  refusal(name: string): Locator {
    return this.of(name).getByTestId('team-roles-refused')
  }
}
