import {
  bridgeContract,
  bridgeErrorNames,
  isBridgeMethod,
  type BridgeError,
  type BridgeReply,
} from '../../shared/bridge'
import { defaultMaxInputBytes } from '../../shared/bridge/defineMethod'

/**
 * What the host answers a call it turns away before serving it, whichever way the call came (HTTP
 * or the page's socket): nothing of it reached the service.
 */
export const hostRefusal = (
  status: number,
  message: string,
  error: Pick<BridgeError, 'name' | 'mayHaveReachedService'> = {
    name: bridgeErrorNames.hostRefused,
    mayHaveReachedService: false,
  },
): BridgeReply<never> => ({ ok: false, error: { ...error, message, status } })

export const maxInputBytesOf = (method: string): number =>
  isBridgeMethod(method) ? bridgeContract[method].maxInputBytes : defaultMaxInputBytes

export const tooLargeRefusal = (method: string, maxBytes: number): BridgeReply<never> =>
  hostRefusal(
    413,
    `The request for ${method} is larger than it can be (at most ${Math.ceil(maxBytes / 1024)} KiB); nothing was done.`,
  )

export const busyRefusal = (): BridgeReply<never> =>
  hostRefusal(
    503,
    'Compliance Desk’s background process is busy reading other large requests; nothing was done. Try again in a moment.',
  )
