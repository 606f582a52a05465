import type { BridgeApi, BridgeInput, BridgeMethod } from '../../../shared/bridge'
import { createCallBridge, type CallBridge } from './bridgeCall'
import { httpTransport, openSession, takeLaunchCode } from './httpTransport'
import { socketTransport } from './socketTransport'

export { BridgeCallError, errorMessage, hostLostMidCall, isUnreachable } from './bridgeCall'

let transport: BridgeApi | undefined

/**
 * Chooses the transport, once: IPC under Electron, the loopback host in the browser mode. The app
 * calls it at start-up, before the router reads the address (the browser mode's launch code
 * arrives in it); importing this module does nothing, so code that imports it runs in unit tests too.
 */
export const connectBridge = (): BridgeApi =>
  (transport ??= window.complianceDesk ?? connectToBrowserHost())

const connectToBrowserHost = (): BridgeApi => {
  const { origin } = window.location
  // A new launch's address pasted into a tab of an earlier one changes its query: the page
  // loads again, with the new code.
  const code = takeLaunchCode({ location: window.location, history: window.history })
  const session = code === null ? {} : { session: openSession(origin, code) }
  return socketTransport({ origin, ...session, http: httpTransport({ origin, ...session }) })
}

/** The renderer's one way to the main side. */
export const callBridge: CallBridge = createCallBridge({
  invoke: <M extends BridgeMethod>(method: M, input: BridgeInput<M>) =>
    connectBridge().invoke(method, input),
})
