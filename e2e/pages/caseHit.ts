import type { Locator } from '@playwright/test'

export type HitDecision = 'True match' | 'False positive' | 'Needs review'

/** One hit of a case's checks, with its decision. */
export class CaseHit {
  readonly decision: Locator
  readonly rationale: Locator
  /** "No longer listed since …": a later check of the wallet in the case no longer has it. */
  readonly lostSince: Locator
  /** Says the decision was made on an earlier check of the wallet and carried by a re-screen. */
  readonly carried: Locator
  /** Decide (or Change), where the keyboard goes when this hit is the next to decide. */
  readonly decideButton: Locator
  /** The editor's chosen decision, which takes the keyboard when the editor opens. */
  readonly chosen: Locator
  readonly saveButton: Locator

  constructor(readonly root: Locator) {
    this.decideButton = root.getByTestId('hit-decide')
    this.chosen = root.getByTestId('hit-decision-choice').getByRole('radio', { checked: true })
    this.saveButton = root.getByTestId('hit-save')
    this.decision = root.getByTestId('hit-decision')
    this.rationale = root.getByTestId('hit-rationale')
    this.lostSince = root.getByTestId('hit-lost-since')
    this.carried = root.getByTestId('hit-decision-carried')
  }

  async startDeciding(): Promise<void> {
    await this.root.getByTestId('hit-decide').click()
  }

  async choose(decision: HitDecision): Promise<void> {
    await this.root.getByTestId('hit-decision-choice').getByText(decision, { exact: true }).click()
  }

  async save(): Promise<void> {
    await this.root.getByTestId('hit-save').click()
  }

  async cancel(): Promise<void> {
    await this.root.getByRole('button', { name: 'Cancel' }).click()
  }

  async decide(decision: HitDecision, rationale: string): Promise<void> {
    await this.startDeciding()
    await this.choose(decision)
    await this.rationale.fill(rationale)
    await this.save()
  }
}
