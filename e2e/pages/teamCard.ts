import { type Locator, type Page } from '@playwright/test'

/** What a member types to join a team: the server, its database, their name and password. */
export interface TeamSignIn {
  serverUrl: string
  database: string
  member: string
  password: string
}

/** Settings → Team: joining a team's server, its roster and where replication stands. */
export class TeamCard {
  readonly root: Locator
  readonly joinForm: Locator
  /** The sentence a refused join shows under the form. */
  readonly joinError: Locator
  /** One row per member whose key has arrived. */
  readonly rosterMembers: Locator
  /** The status line as the card shows it. */
  readonly status: Locator
  /** What keeps replication from running, in a sentence. */
  readonly problem: Locator
  readonly leaveButton: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('team-card')
    this.joinForm = this.root.getByTestId('team-join-form')
    this.joinError = this.root.getByTestId('team-join-error')
    this.rosterMembers = this.root.getByTestId('team-roster-member')
    this.status = this.root.getByTestId('team-status')
    this.problem = this.root.getByTestId('team-problem')
    this.leaveButton = this.root.getByTestId('team-leave')
  }

  /** The roster's row of the member shown under this name. */
  member(name: string): Locator {
    return this.rosterMembers.filter({ hasText: name })
  }

  /** A team admin removes a member from the roster, giving the reason the dialog asks for. */
  async removeMember(name: string, reason: string): Promise<void> {
    await this.member(name).getByTestId('team-remove-member').click()
    await this.page.getByTestId('team-remove-reason').fill(reason)
    await this.page.getByTestId('team-remove-confirm').click()
  }

  /** Leaves the team, confirming it. */
  async leave(): Promise<void> {
    await this.leaveButton.click()
    await this.page.getByTestId('team-leave-confirm').click()
  }

  /** Fills in the join form and sends it; the caller reads what came of it. */
  async join({ serverUrl, database, member, password }: TeamSignIn): Promise<void> {
    await this.root.getByTestId('team-server-url').fill(serverUrl)
    await this.root.getByTestId('team-database').fill(database)
    await this.root.getByTestId('team-member').fill(member)
    await this.root.getByTestId('team-password').fill(password)
    await this.root.getByTestId('team-join').click()
  }
}
