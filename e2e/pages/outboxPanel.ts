import type { Locator, Page } from '@playwright/test'
import type { BridgeMethod } from '../../src/shared/bridge'
import { outboxRetryIntervalMs } from '../../src/shared/outboxPace'
import { nextBridgeCall } from '../support/bridgeTraffic'

type OutboxKind = 'cryptoCheck' | 'createEntity'

/** The bridge call that sends each kind of queued work. */
const sendingMethods: Record<OutboxKind, BridgeMethod> = {
  cryptoCheck: 'crypto.search',
  createEntity: 'entities.create',
}

/** The call by which the runner lets the main side's journal forget a request it has settled. */
const journalForgetting: BridgeMethod = 'requests.collect'

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
   * Resolves once a turn of the runner's own has settled the one queued item of `kind` after the
   * main side's answer (its attempt recorded or gone from History, its state stored), which the
   * runner signals by letting the main side's journal forget its request. The next turn begins a
   * retry interval after that one began, so none is under way for a few seconds: a tab may leave
   * or the clock be held then. (A turn brought forward by the clock instead could follow one
   * already under way, whose end would be the one seen, and still be sending.)
   */
  async runnerSettles(kind: OutboxKind): Promise<void> {
    const requestId = (await this.items(kind).getAttribute('data-request-id')) ?? ''
    await nextBridgeCall(this.page, [journalForgetting], {
      matches: (input) => (input as { requestIds: string[] }).requestIds.includes(requestId),
    })
  }

  /**
   * Resolves true when the page next hands queued work to the main side (the request is then on
   * its way), false if none leaves within `withinMs` (nothing was left to send).
   */
  async sendLeaves(withinMs: number): Promise<boolean> {
    return nextBridgeCall(this.page, Object.values(sendingMethods), { timeout: withinMs }).then(
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
