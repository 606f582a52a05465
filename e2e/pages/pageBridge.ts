import type { Page } from '@playwright/test'
import {
  bridgeHttpPathPrefix,
  type BridgeInput,
  type BridgeMethod,
  type BridgeOutput,
} from '../../src/shared/bridge'

/** What the main side answered a call the page made: its data, or its refusal's sentence. */
export type PageBridgeReply<M extends BridgeMethod> =
  { ok: true; data: BridgeOutput<M> } | { ok: false; error: { name: string; message: string } }

/**
 * The bridge as the page calls it in the browser mode (its session cookie, its origin), for what a
 * test does that no screen offers: set a member's roles, or try what the screen withholds (approving
 * one's own request) to see the main side refuse it too.
 */
export class PageBridge {
  constructor(readonly page: Page) {}

  async call<M extends BridgeMethod>(
    method: M,
    input: BridgeInput<M>,
  ): Promise<PageBridgeReply<M>> {
    // The host answers every call in the bridge's one reply shape, its data checked on the main side.
    const reply: unknown = await this.page.evaluate(
      async ({ path, input }) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input),
        })
        return response.json()
      },
      { path: `${bridgeHttpPathPrefix}${method}`, input },
    )
    return reply as PageBridgeReply<M>
  }

  /** Calls and returns the data, failing the test with the main side's sentence on a refusal. */
  async data<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeOutput<M>> {
    const reply = await this.call(method, input)
    if (!reply.ok) throw new Error(`${method} was refused: ${reply.error.message}`)
    return reply.data
  }
}
