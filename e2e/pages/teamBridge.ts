import type { Page } from '@playwright/test'

/**
 * A bridge call from the page, as the app makes it in the browser mode (the page's own session):
 * for a step of a flow another screen owns, so a spec about what follows need not drive it.
 */
export class TeamBridge {
  constructor(readonly page: Page) {}

  async call(method: string, input: object): Promise<unknown> {
    // A string, evaluated in the page: the e2e project has no DOM types.
    const reply = await this.page.evaluate<{ ok: boolean; data?: unknown; error?: unknown }>(
      `fetch('/bridge/' + ${JSON.stringify(method)}, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: ${JSON.stringify(JSON.stringify(input))},
      }).then((response) => response.json())`,
    )
    if (!reply.ok) throw new Error(`${method} was refused: ${JSON.stringify(reply.error)}`)
    return reply.data
  }
}
