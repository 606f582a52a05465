import type { BridgeApi, BridgeInput, BridgeMethod } from '../../../shared/bridge'
import { createCallBridge, type CallBridge } from './bridgeCall'
import { httpTransport, takeBrowserHostSecret } from './httpTransport'

export { BridgeCallError, errorMessage, isUnreachable } from './bridgeCall'

let transport: BridgeApi | undefined

/**
 * Chooses the transport, once: IPC under Electron, the loopback host in the browser mode. The app
 * calls it at start-up, before the router reads the address (the browser mode's secret arrives
 * in it); importing this module does nothing, so code that imports it runs in unit tests too.
 */
export const connectBridge = (): BridgeApi =>
  (transport ??=
    window.complianceDesk ??
    httpTransport({
      secret: takeBrowserHostSecret({
        location: window.location,
        history: window.history,
        storage: window.sessionStorage,
      }),
      origin: window.location.origin,
    }))

/** The renderer's one way to the main side. */
export const callBridge: CallBridge = createCallBridge({
  invoke: <M extends BridgeMethod>(method: M, input: BridgeInput<M>) =>
    connectBridge().invoke(method, input),
})
