import type { BridgeApi } from '../../../shared/bridge'
import { createCallBridge, type CallBridge } from './bridgeCall'
import { httpTransport, takeBrowserHostSecret } from './httpTransport'

export { BridgeCallError, errorMessage, isUnreachable } from './bridgeCall'

/** Chosen once at start-up: IPC under Electron, the loopback host in the browser mode. */
const transport: BridgeApi =
  window.complianceDesk ??
  httpTransport({
    secret: takeBrowserHostSecret({
      location: window.location,
      history: window.history,
      storage: window.sessionStorage,
    }),
    origin: window.location.origin,
  })

/** The renderer's one way to the main side. */
export const callBridge: CallBridge = createCallBridge(transport)
