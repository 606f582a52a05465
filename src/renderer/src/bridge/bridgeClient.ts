import type { BridgeApi, BridgeInput, BridgeMethod } from '../../../shared/bridge'
import { createCallBridge, type CallBridge } from './bridgeCall'
import { httpTransport, takeBrowserHostSecret } from './httpTransport'

export { BridgeCallError, errorMessage, hostLostMidCall, isUnreachable } from './bridgeCall'

let transport: BridgeApi | undefined

/**
 * Chooses the transport, once: IPC under Electron, the loopback host in the browser mode. The app
 * calls it at start-up, before the router reads the address (the browser mode's secret arrives
 * in it); importing this module does nothing, so code that imports it runs in unit tests too.
 */
export const connectBridge = (): BridgeApi =>
  (transport ??= window.complianceDesk ?? connectToBrowserHost())

const connectToBrowserHost = (): BridgeApi => {
  const sources = {
    location: window.location,
    history: window.history,
    storage: window.sessionStorage,
  }
  // The address of a new launch pasted into a page of an earlier one changes only the fragment,
  // which does not reload the page: take the new secret and start again with it.
  // The address as pasted, not as it is by the time this runs: the router may have rewritten it.
  window.addEventListener('hashchange', (event) => {
    const pasted = new URL(event.newURL)
    if (pasted.hash.includes('secret=')) {
      takeBrowserHostSecret({ ...sources, location: pasted })
      window.location.reload()
    }
  })
  return httpTransport({ secret: takeBrowserHostSecret(sources), origin: window.location.origin })
}

/** The renderer's one way to the main side. */
export const callBridge: CallBridge = createCallBridge({
  invoke: <M extends BridgeMethod>(method: M, input: BridgeInput<M>) =>
    connectBridge().invoke(method, input),
})
