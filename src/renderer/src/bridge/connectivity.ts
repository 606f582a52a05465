import { create } from 'zustand'
import {
  bridgeErrorNames,
  reachesService,
  type BridgeErrorName,
  type BridgeMethod,
  type BridgeReply,
} from '../../../shared/bridge'

export type Connectivity =
  | { status: 'unknown' }
  | { status: 'online'; checkedAt: string }
  /** The service answers, but refuses the environment's key: nothing works until it is fixed. */
  | { status: 'unauthorised'; checkedAt: string; message: string }
  | { status: 'offline'; since: string; message: string }

export const getInitialConnectivity = (): Connectivity => ({ status: 'unknown' })

/** Whether the service answers, as the last call that asked it showed. Updated by the bridge client only. */
export const useConnectivity = create<Connectivity>()(getInitialConnectivity)

/** The service's answer that the key may not be used: it is there, but refuses this app. */
const keyRefused = new Set<BridgeErrorName>([
  bridgeErrorNames.unauthorized,
  bridgeErrorNames.forbidden,
])

/** Other failures that are the service's own answer: it is there, whatever it said. */
const answeredByService = new Set<BridgeErrorName>([
  bridgeErrorNames.paymentRequired,
  bridgeErrorNames.notFound,
  bridgeErrorNames.rateLimited,
  bridgeErrorNames.serverFailure,
  bridgeErrorNames.serviceRefused,
  bridgeErrorNames.unexpectedResponse,
])

/** The service, or in the browser mode the app's own host that leads to it, did not answer. */
export const unreachableErrorNames: ReadonlySet<BridgeErrorName> = new Set([
  bridgeErrorNames.serviceUnreachable,
  bridgeErrorNames.hostUnreachable,
])

export type ConnectivityEvidence =
  { status: 'online' } | { status: 'unauthorised' | 'offline'; message: string }

/**
 * What one reply proves about reachability, if anything. Calls that never ask the service
 * (settings, keys, exports) prove nothing; neither do failures that could come from either side.
 */
export function connectivityEvidence(
  method: BridgeMethod,
  reply: BridgeReply<unknown>,
): ConnectivityEvidence | null {
  if (!reachesService(method)) return null
  if (reply.ok || answeredByService.has(reply.error.name)) return { status: 'online' }
  if (keyRefused.has(reply.error.name))
    return { status: 'unauthorised', message: reply.error.message }
  if (unreachableErrorNames.has(reply.error.name))
    return { status: 'offline', message: reply.error.message }
  return null
}

/** Records what a reply proves; an outage keeps the time it started. */
export function noteBridgeReply(
  method: BridgeMethod,
  reply: BridgeReply<unknown>,
  now: () => Date = () => new Date(),
): void {
  const evidence = connectivityEvidence(method, reply)
  if (evidence === null) return
  if (evidence.status === 'online') {
    useConnectivity.setState({ status: 'online', checkedAt: now().toISOString() }, true)
    return
  }
  if (evidence.status === 'unauthorised') {
    useConnectivity.setState(
      { status: 'unauthorised', checkedAt: now().toISOString(), message: evidence.message },
      true,
    )
    return
  }
  useConnectivity.setState(
    (state) => ({
      status: 'offline',
      since: state.status === 'offline' ? state.since : now().toISOString(),
      message: evidence.message,
    }),
    true,
  )
}
