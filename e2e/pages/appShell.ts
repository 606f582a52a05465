import { setTimeout as delay } from 'node:timers/promises'
import { expect, type Locator, type Page } from '@playwright/test'
import {
  firstDatabaseName,
  pointerStorage,
} from '../../src/renderer/src/data/database/databasePointer'
import { watchBridgeTraffic } from '../support/bridgeTraffic'

/** As long as an assertion waits by default. */
const readyWithinMs = 5_000

/**
 * Resolves in the page once the app has marked how its start went, ready or failed (at once if it
 * has). A string, evaluated in the page: the e2e project has no DOM types.
 */
const appStarted = `new Promise((resolve) => {
  const root = document.documentElement
  const started = () => root.dataset.appState === 'ready' || root.dataset.appState === 'failed'
  if (started()) return resolve()
  new MutationObserver((_, observer) => {
    if (!started()) return
    observer.disconnect()
    resolve()
  }).observe(root, { attributes: true, attributeFilter: ['data-app-state'] })
})`

/** The frame around every screen: readiness, connectivity, the active environment. */
export class AppShell {
  readonly connectivity: Locator
  readonly activeEnvironment: Locator
  /** The navigation item of the screen on show. */
  readonly currentNavigation: Locator
  readonly notFound: Locator
  /** What the app says when it cannot start (e.g. a page from an earlier launch). */
  readonly startError: Locator
  /** Above every screen while the main side cannot write its data folder. */
  readonly readOnlyBanner: Locator
  /** The banner's sentence: what is wrong with the data folder, and what to do. */
  readonly readOnlyProblem: Locator

  constructor(readonly page: Page) {
    this.connectivity = page.getByTestId('connectivity')
    this.activeEnvironment = page.getByTestId('active-environment')
    this.currentNavigation = page.getByRole('navigation').locator('a[aria-current="page"]')
    this.notFound = page.getByTestId('not-found')
    this.startError = page.getByTestId('start-error')
    this.readOnlyBanner = page.getByTestId('read-only-banner')
    this.readOnlyProblem = this.readOnlyBanner.locator('.mantine-Alert-message')
  }

  /** A screen's link in the navigation, by its name. */
  navigationLink(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name })
  }

  /** The IndexedDB databases holding the app's data on this origin (a restore replaces one). */
  async appDatabases(): Promise<string[]> {
    const names = await this.page.evaluate<string[]>(
      // A string, evaluated in the page: the e2e project has no DOM types.
      '(async () => (await indexedDB.databases()).map((database) => database.name))()',
    )
    return names.filter(
      (name) => name.startsWith(firstDatabaseName) && name !== pointerStorage.database,
    )
  }

  /**
   * Loses the copy of the current database's name the page reads at load, as a crash just after a
   * restore can (the durable pointer stays), and reloads.
   */
  async reloadWithoutDatabaseNameCopy(): Promise<void> {
    await this.page.evaluate(`localStorage.removeItem(${JSON.stringify(pointerStorage.copyKey)})`)
    await this.reload()
  }

  /**
   * The browser's storage for the app's origin is full from now on, as on a full disk: its quota
   * is set to a byte through the DevTools protocol (whose session stays open: closing it ends the
   * override), so IndexedDB refuses every write. Chromium lets an origin that wrote in the last 30
   * seconds go on writing from the room it found then, so this is for a page that has not written
   * yet.
   */
  async fillBrowserStorage(): Promise<void> {
    const devTools = await this.page.context().newCDPSession(this.page)
    await devTools.send('Storage.overrideQuotaForOrigin', {
      origin: new URL(this.page.url()).origin,
      quotaSize: 1,
    })
  }

  /** Where the app is: the part of the address after `#`. */
  location(): string {
    return new URL(this.page.url()).hash
  }

  async goTo(hash: string): Promise<void> {
    await this.page.goto(new URL(hash, this.page.url()).href)
  }

  async forward(): Promise<void> {
    await this.page.goForward()
  }

  /** Back and Forward as Electron's window offers them: it has no browser buttons. */
  async backWithKeyboard(): Promise<void> {
    await this.page.keyboard.press('Alt+ArrowLeft')
  }

  async forwardWithKeyboard(): Promise<void> {
    await this.page.keyboard.press('Alt+ArrowRight')
  }

  async leaveNotFound(): Promise<void> {
    await this.notFound.getByRole('link', { name: 'Go to Crypto search' }).click()
  }

  /**
   * The app's own signal that its database, bridge and first screen are up. The page tells the
   * moment its start ends (`appStarted`), where an assertion that has waited 0.8 s looks again
   * only every half second, and a start takes one to two. The assertion judges: at once when
   * the page has told, and waiting on (in a new document too) when it has not.
   */
  async waitUntilReady(): Promise<void> {
    const giveUp = new AbortController()
    try {
      await Promise.race([
        // A navigation destroys the document it listens in: the assertion takes over.
        this.page.evaluate(appStarted).catch(() => undefined),
        delay(readyWithinMs, undefined, { signal: giveUp.signal }).catch(() => undefined),
      ])
    } finally {
      giveUp.abort()
    }
    await expect(this.page.locator('html[data-app-state="ready"]')).toHaveCount(1)
  }

  async open(url: string): Promise<void> {
    watchBridgeTraffic(this.page)
    await this.page.goto(url)
    await this.waitUntilReady()
  }

  /** The browser's Back, as the user presses it: the app must come back to where it was. */
  async back(): Promise<void> {
    await this.page.goBack()
  }

  /** The tab leaves the app (nothing of it runs any more), keeping its session storage. */
  async leave(): Promise<void> {
    await this.page.goto('about:blank')
  }

  /** Opens an address that may end in the app's refusal to start, which the caller then reads. */
  async openExpectingRefusal(url: string): Promise<void> {
    await this.page.goto(url)
  }

  /** The tab is closed and the app opened again in a new one (same browser profile). */
  async closeAndReopen(url: string): Promise<void> {
    await this.page.goto('about:blank')
    await this.open(url)
  }

  /**
   * Stops the page's installed clock (half a second on, so that time never runs backwards): its
   * timers, such as the outbox's turns, wait until `releaseClock`, however slow the machine.
   * Animation frames wait too, so screenshots are taken after releasing it.
   */
  async holdClock(): Promise<void> {
    // A string, evaluated in the page: the e2e project has no DOM types.
    const now = await this.page.evaluate<number>('Date.now()')
    await this.page.clock.pauseAt(now + 500)
  }

  /**
   * While the clock is held, the database's news of a change waits too (Dexie posts it on a
   * zero-delay timer), so a screen opened then may show what was there before it: this lets what
   * is due now run, and nothing later.
   */
  async letChangesShow(): Promise<void> {
    await this.page.clock.runFor(1)
  }

  async releaseClock(): Promise<void> {
    await this.page.clock.resume()
  }

  async reload(): Promise<void> {
    await this.page.reload()
    await this.waitUntilReady()
  }
}
