import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test'

/**
 * Collects what a page reports as broken (console errors, uncaught exceptions) so a test fails on
 * them: an error on any screen is a defect even when every assertion passes. Patterns in `allowed`
 * are errors a test provokes on purpose and names explicitly.
 */
export class ConsoleErrorWatch {
  private readonly seen: string[] = []

  constructor(private readonly allowed: readonly RegExp[]) {}

  /** Every page of the context, including those opened later. */
  watchContext(context: BrowserContext): void {
    context.on('console', (message) => this.onConsole(message))
    context.on('weberror', (error) => this.record(`uncaught ${String(error.error())}`))
  }

  /** One page, for windows that belong to no browser context of ours (Electron's). */
  watchPage(page: Page): void {
    page.on('console', (message) => this.onConsole(message))
    page.on('pageerror', (error) => this.record(`uncaught ${String(error)}`))
  }

  /** The errors no allow-list entry explains. */
  unexpected(): string[] {
    return this.seen.filter((error) => !this.allowed.some((pattern) => pattern.test(error)))
  }

  private onConsole(message: ConsoleMessage): void {
    if (message.type() !== 'error') return
    const { url, lineNumber } = message.location()
    this.record(`console.error ${message.text()} (at ${url}:${lineNumber})`)
  }

  private record(error: string): void {
    this.seen.push(error)
  }
}

/**
 * What Chromium logs while the host restarts, both provoked on purpose by the tests that restart
 * it: the open page's calls refused at the network level, and a page of the earlier launch refused
 * (401) until it is given the new address; each for its calls by HTTP and for its bridge socket.
 */
export const hostRestartErrors: RegExp[] = [
  /Failed to load resource: net::ERR_CONNECTION_REFUSED/,
  /Failed to load resource: the server responded with a status of 401/,
  /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/bridge-socket' failed: (HTTP Authentication failed|Error in connection establishment: net::ERR_CONNECTION_REFUSED)/,
]
