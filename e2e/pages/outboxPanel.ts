import type { Locator, Page } from '@playwright/test'
import { bridgeHttpPathPrefix, type BridgeMethod } from '../../src/shared/bridge'
import { outboxRetryIntervalMs } from '../../src/shared/outboxPace'

type OutboxKind = 'cryptoCheck' | 'createEntity'

/** The bridge call that sends each kind of queued work. */
const sendingMethods: Record<OutboxKind, BridgeMethod> = {
  cryptoCheck: 'crypto.search',
  createEntity: 'entities.create',
}

/** What the app keeps to send once the service is back: checks and entity creations. */
export class OutboxPanel {
  constructor(readonly page: Page) {}

  /** The queued items of one kind; each carries its state in `data-state`. */
  items(kind: OutboxKind): Locator {
    return this.page.getByTestId(`outbox-${kind}`).getByTestId('outbox-item')
  }

  /**
   * Moves the page's installed clock past one retry interval, so the runner's next turn happens
   * now instead of after a wait.
   */
  async runRetryInterval(): Promise<void> {
    await this.page.clock.runFor(outboxRetryIntervalMs)
  }

  /**
   * The runner's next turn, now, for a queued item of `kind`: returns once the main side has
   * answered its attempt (the item then settles), and the turn after it is a whole interval away.
   */
  async attemptNow(kind: OutboxKind): Promise<void> {
    const answered = this.page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `${bridgeHttpPathPrefix}${sendingMethods[kind]}` &&
        response.request().method() === 'POST',
    )
    await this.runRetryInterval()
    await answered
  }

  /**
   * Resolves true when the page next hands queued work to the main side (the request is then on
   * its way), false if none leaves within `withinMs` (nothing was left to send).
   */
  async sendLeaves(withinMs: number): Promise<boolean> {
    const paths = Object.values(sendingMethods).map((method) => `${bridgeHttpPathPrefix}${method}`)
    return this.page
      .waitForRequest((request) => paths.includes(new URL(request.url()).pathname), {
        timeout: withinMs,
      })
      .then(
        () => true,
        () => false,
      )
  }

  /** The state of each shown item of `kind`, oldest first. */
  async states(kind: OutboxKind): Promise<string[]> {
    const items = await this.items(kind).all()
    return Promise.all(items.map(async (item) => (await item.getAttribute('data-state')) ?? ''))
  }

  /** The user's say that work restored from a backup is sent from this computer. */
  async sendFromHere(item: Locator): Promise<void> {
    await item.getByRole('button', { name: 'Send from here' }).click()
  }

  async openCreatedEntity(item: Locator): Promise<void> {
    await item.getByRole('button', { name: 'Open entity' }).click()
  }

  async viewResult(item: Locator): Promise<void> {
    await item.getByRole('button', { name: 'View result' }).click()
  }
}
